import { Link } from "wouter";
import { DEFAULT_SUPPORT_EMAIL, PRODUCT_NAME } from "../../../../domain/brand";
import { paths } from "../../../config/paths";

const LINK = "underline underline-offset-4 hover:text-foreground";

export function SiteFooter() {
  return (
    <footer className="border-t border-border">
      <div className="mx-auto flex max-w-5xl flex-col gap-4 px-4 py-8 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between">
        <p>© 2025 {PRODUCT_NAME}. Your files stay on your device.</p>
        <nav aria-label="Legal and support">
          <ul className="flex flex-wrap gap-x-5 gap-y-2">
            <li>
              <Link href={paths.privacy} className={LINK}>
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link href={paths.terms} className={LINK}>
                Terms of Service
              </Link>
            </li>
            <li>
              <a href={`mailto:${DEFAULT_SUPPORT_EMAIL}`} className={LINK}>
                Support
              </a>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
