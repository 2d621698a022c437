import { Link } from "wouter";
import { PRODUCT_NAME } from "../../../../domain/brand";
import { Logo } from "../../../components/ui/logo";
import { paths } from "../../../config/paths";

/**
 * The visitors' header: the brand, Sign In and Get Started (spec §2 landing pages). A signed-in
 * browser (after registering it lands on /showcase) sees "Open CleanSpace" instead: both are
 * in the markup, styles.css shows one by `<html data-signed-in>`, so the prerendered page needs no render.
 */
export function SiteHeader() {
  return (
    <header className="border-b border-border bg-card/80">
      <div className="mx-auto flex max-w-5xl items-center justify-between gap-3 px-4 py-3">
        <Link href={paths.root} className="rounded-control text-lg">
          <Logo markClassName="size-8" />
        </Link>
        <nav aria-label="Account" className="member-only flex items-center gap-2">
          <Link href={paths.home} className="rounded-control bg-brand px-3 py-2 text-sm font-semibold text-white hover:bg-brand-strong">
            Open {PRODUCT_NAME}
          </Link>
        </nav>
        <nav aria-label="Account" className="visitor-only flex items-center gap-2">
          <Link href={paths.login} className="rounded-control px-3 py-2 text-sm font-medium underline-offset-4 hover:underline">
            Sign In
          </Link>
          <Link href={paths.register} className="rounded-control bg-brand px-3 py-2 text-sm font-semibold text-white hover:bg-brand-strong">
            Get Started
          </Link>
        </nav>
      </div>
    </header>
  );
}
