import { PRODUCT_NAME } from "../../../domain/brand";
import { cn } from "../../lib/cn";

/**
 * The one CleanSpace mark (the same drawing as public/icon.svg, the favicon and app icon),
 * inline so it paints with the page. Every logo on every page is this component.
 */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden focusable="false" data-logo="" className={cn("size-9 shrink-0", className)}>
      <rect width="64" height="64" rx="14" className="fill-brand" />
      <path d="M18 34l9 9 19-21" fill="none" stroke="#fff" strokeWidth="6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** The mark with the product name beside it: the brand in headers and navigation. */
export function Logo({ className, markClassName }: { className?: string; markClassName?: string }) {
  return (
    <span className={cn("flex items-center gap-2 font-bold tracking-tight", className)}>
      <LogoMark className={markClassName} />
      <span>{PRODUCT_NAME}</span>
    </span>
  );
}
