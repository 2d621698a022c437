/**
 * Organize → Email's batch operations (spec §2): select all shown, the spec's quick-select
 * for e-mail (unread, old), and the actions on the selection.
 */
import { Archive, MailOpen, Trash2 } from "lucide-react";
import { TAB_QUICK_SELECTS, type QuickSelect } from "../../../domain/filters";
import { formatBytes, formatCount } from "../../../domain/format";
import type { EmailAction } from "../../../domain/schemas/email";
import { SelectionBar } from "../../components/lists/selection-bar";
import { Button } from "../../components/ui/button";

const QUICK_LABEL: Partial<Record<QuickSelect, string>> = { unread: "Unread", old: "Old (6+ months)" };

export function MailSelectionBar({
  shownCount,
  selectedCount,
  onSelectAll,
  onQuickSelect,
  onClear,
}: {
  /** Messages in the current view (after search and filter). */
  shownCount: number;
  selectedCount: number;
  onSelectAll(): void;
  onQuickSelect(kind: QuickSelect): void;
  onClear(): void;
}) {
  return (
    <section aria-label="Batch operations" className="grid gap-2 rounded-2xl border border-border p-3">
      <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Quick select">
        <Button size="sm" variant="secondary" disabled={shownCount === 0} onClick={onSelectAll}>
          Select all shown ({formatCount(shownCount)})
        </Button>
        <span className="text-sm text-muted-foreground">Quick select:</span>
        {TAB_QUICK_SELECTS.email.map((kind) => (
          <Button key={kind} size="sm" variant="secondary" onClick={() => onQuickSelect(kind)}>
            {QUICK_LABEL[kind] ?? kind}
          </Button>
        ))}
        {selectedCount > 0 ? (
          <Button size="sm" variant="ghost" onClick={onClear}>
            Clear
          </Button>
        ) : null}
      </div>
    </section>
  );
}

/** The selection's actions, in the sticky bar below the list while something is selected. */
export function MailActions({
  selectedCount,
  selectedBytes,
  busy,
  onAction,
}: {
  selectedCount: number;
  selectedBytes: number;
  busy: boolean;
  onAction(action: EmailAction): void;
}) {
  if (selectedCount === 0) return null;
  return (
    <div data-testid="mail-selection" className="contents">
      <SelectionBar label="Selection actions" summary={`${formatCount(selectedCount)} selected · ${formatBytes(selectedBytes)}`}>
        <Button size="sm" variant="destructive" disabled={busy} onClick={() => onAction("trash")}>
          <Trash2 className="size-4" aria-hidden /> Move to Trash
        </Button>
        <Button size="sm" variant="outline" disabled={busy} onClick={() => onAction("archive")}>
          <Archive className="size-4" aria-hidden /> Archive
        </Button>
        <Button size="sm" variant="outline" disabled={busy} onClick={() => onAction("read")}>
          <MailOpen className="size-4" aria-hidden /> Mark read
        </Button>
      </SelectionBar>
    </div>
  );
}
