import { Link } from "wouter";
import { DEFAULT_SUPPORT_EMAIL } from "../../../../domain/brand";
import { Card, CardTitle } from "../../../components/ui/card";
import { paths } from "../../../config/paths";

declare const __APP_VERSION__: string;

/** Spec §2 "About (version 1.0…)": major.minor of package.json's version ("1.0.0" → "1.0"). */
function displayVersion(version: string): string {
  return version.split(".").slice(0, 2).join(".");
}

/** Spec §2: About (version, support mailto), Help & Support, legal links. */
export function AboutCard() {
  return (
    <Card>
      <CardTitle>About</CardTitle>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Version</dt>
        <dd data-testid="app-version" title={__APP_VERSION__}>
          version {displayVersion(__APP_VERSION__)}
        </dd>
        <dt className="text-muted-foreground">Support</dt>
        <dd>
          <a className="text-accent underline" href={`mailto:${DEFAULT_SUPPORT_EMAIL}`}>
            {DEFAULT_SUPPORT_EMAIL}
          </a>
        </dd>
      </dl>
      <h3 className="mt-4 font-semibold">Help &amp; Support</h3>
      <p className="text-sm text-muted-foreground">
        Questions, a bug, an idea? Write to us — a person answers within two working days. Start with the guided tour on the dashboard if
        you&apos;re new.
      </p>
      <nav aria-label="Legal" className="mt-3 flex gap-4 text-sm">
        <Link className="text-accent underline" href={paths.privacy}>
          Privacy Policy
        </Link>
        <Link className="text-accent underline" href={paths.terms}>
          Terms of Service
        </Link>
      </nav>
    </Card>
  );
}
