import { ScanSearch } from "lucide-react";
import { Link } from "wouter";
import { paths } from "../../config/paths";

/** No scan on this device yet: nothing to organize, and where to start. */
export function NoScanState() {
  return (
    <section
      className="grid justify-items-center gap-3 rounded-2xl border border-dashed border-border p-8 text-center"
      data-testid="no-scan"
    >
      <ScanSearch className="size-10 text-accent" aria-hidden />
      <h2 className="text-lg font-semibold">No scan on this device yet</h2>
      <p className="max-w-sm text-sm text-muted-foreground">
        Organize works on the files CleanSpace found on this device. Run a real data scan from the dashboard, then come back to sort them
        out.
      </p>
      <Link
        href={paths.home}
        className="inline-flex h-10 items-center rounded-lg bg-brand px-4 text-sm font-medium text-white hover:bg-brand-strong"
      >
        Scan a folder on the dashboard
      </Link>
    </section>
  );
}

/** A tab or filter with nothing in it. */
export function EmptyList({ children }: { children: string }) {
  return (
    <p className="rounded-2xl border border-dashed border-border p-6 text-center text-sm text-muted-foreground" data-testid="empty-list">
      {children}
    </p>
  );
}
