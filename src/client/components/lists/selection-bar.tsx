/**
 * The action bar of a list with a selection: sticky at the bottom of the screen while the list
 * scrolls — just above the phone tab bar, at the bottom of the content area on desktop — so the
 * actions stay in reach however far the list goes. Shared by Files, Photos and Mail.
 */
import type { ReactNode } from "react";
import { useBottomInset } from "./use-bottom-inset";

export function SelectionBar({ label, summary, children }: { label: string; summary: ReactNode; children: ReactNode }) {
  const inset = useBottomInset();
  return (
    <section
      aria-label={label}
      data-testid="selection-bar"
      className="sticky z-30 flex flex-wrap items-center gap-2 rounded-2xl border border-border bg-card/95 p-3 shadow-lg backdrop-blur"
      style={{ bottom: inset + 8 }}
    >
      <p className="mr-auto text-sm font-medium" aria-live="polite" data-testid="selection-summary">
        {summary}
      </p>
      {/* The buttons flow one by one, so on a phone the first ones share the summary's line. */}
      <div className="contents">{children}</div>
    </section>
  );
}
