import { Link } from "wouter";
import { PRODUCT_NAME } from "../../../domain/brand";
import { paths } from "../../config/paths";
import { LegalDocument } from "./components/legal-document";
import { PrivacyRightsSections } from "./privacy-rights-sections";
import { PrivacyDataSections } from "./privacy-data-sections";

/**
 * Privacy Policy (spec §2). Every sentence must stay true to the code: when what is stored
 * or sent changes, this page changes with it (ARCHITECTURE.md principle 1).
 */
export function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      intro={
        <>
          <p>
            {PRODUCT_NAME} helps you clean up your photos, files, apps and e-mail. We built it so that the things you clean up stay with
            you: scanning happens on your own device, and our servers only ever see totals — how many items, how many bytes — never the
            items themselves.
          </p>
          <p className="mt-3">
            This policy explains exactly what we collect, where it is kept, who else is involved and what you can do about it. It applies to
            the {PRODUCT_NAME} website, web app, installable app and command-line tool.
          </p>
        </>
      }
      footer={
        <p className="text-sm text-muted-foreground">
          See also our{" "}
          <Link href={paths.terms} className="font-medium text-accent underline underline-offset-4">
            Terms of Service
          </Link>
          .
        </p>
      }
    >
      <PrivacyDataSections />
      <PrivacyRightsSections />
    </LegalDocument>
  );
}
