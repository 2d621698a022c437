import { Link } from "wouter";
import { PRODUCT_NAME } from "../../../../domain/brand";
import { paths } from "../../../config/paths";
import { cn } from "../../../lib/cn";

/** The app icon (same drawing as public/icon.svg), inline so it paints with the page. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden focusable="false" className={cn("size-9 shrink-0", className)}>
      <rect width="64" height="64" rx="14" fill="#2563eb" />
      <path d="M18 34l9 9 19-21" fill="none" stroke="#fff" strokeWidth="6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** The product name and mark on top of every auth screen; leads back to the site root. */
export function BrandLink() {
  return (
    <Link href={paths.root} className="flex items-center justify-center gap-2 rounded-lg text-xl font-bold tracking-tight">
      <LogoMark />
      <span>{PRODUCT_NAME}</span>
    </Link>
  );
}
