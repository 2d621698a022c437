import { Check, Minus } from "lucide-react";
import { Checkbox } from "radix-ui";
import { TAB_QUICK_SELECTS, type OrganizeTab, type QuickSelect } from "../../../domain/filters";
import { formatBytes, formatCount } from "../../../domain/format";
import type { BatchAction } from "../../components/lists/batch-action";
import { SelectionBar } from "../../components/lists/selection-bar";
import { Button } from "../../components/ui/button";

const QUICK_LABEL: Record<QuickSelect, string> = {
  duplicates: "Duplicates",
  large: "Large",
  unused: "Unused",
  unread: "Unread",
  old: "Old",
};

interface Props {
  tab: OrganizeTab;
  total: number;
  selectedCount: number;
  onSelectAll(on: boolean): void;
  onQuickSelect(kind: QuickSelect): void;
}

/** Spec §2 "Batch operations": select all and quick-select above the list; the actions stay in reach below it (BatchActions). */
export function BatchBar({ tab, total, selectedCount, onSelectAll, onQuickSelect }: Props) {
  const all = total > 0 && selectedCount === total;
  const none = selectedCount === 0;
  return (
    <section aria-label="Batch operations" className="rounded-2xl border border-border bg-card p-4">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <label className="flex items-center gap-2 text-sm font-medium">
          <Checkbox.Root
            checked={all ? true : none ? false : "indeterminate"}
            onCheckedChange={(v) => onSelectAll(v === true)}
            disabled={total === 0}
            className="flex size-5 items-center justify-center rounded border border-border bg-background data-[state=checked]:border-brand data-[state=checked]:bg-brand data-[state=indeterminate]:border-brand data-[state=indeterminate]:bg-brand"
          >
            <Checkbox.Indicator>
              {all ? <Check className="size-3.5 text-white" aria-hidden /> : <Minus className="size-3.5 text-white" aria-hidden />}
            </Checkbox.Indicator>
          </Checkbox.Root>
          Select all ({formatCount(total)})
        </label>
        <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Quick select">
          <span className="text-sm text-muted-foreground">Quick select:</span>
          {TAB_QUICK_SELECTS[tab].map((kind) => (
            <Button key={kind} size="sm" variant="outline" onClick={() => onQuickSelect(kind)}>
              {QUICK_LABEL[kind]}
            </Button>
          ))}
        </div>
      </div>
    </section>
  );
}

/** The selection's actions, in the sticky bar below the list. */
export function BatchActions({
  selectedCount,
  selectedBytes,
  canTrash,
  busy,
  onAction,
  onDownload,
}: {
  selectedCount: number;
  selectedBytes: number;
  canTrash: boolean;
  busy: boolean;
  onAction(action: BatchAction): void;
  onDownload(): void;
}) {
  const none = selectedCount === 0;
  return (
    <SelectionBar
      label="Selection actions"
      summary={`${formatCount(selectedCount)} selected${selectedCount > 0 && selectedBytes > 0 ? ` · ${formatBytes(selectedBytes)}` : ""}`}
    >
      {canTrash ? (
        <Button size="sm" disabled={none || busy} onClick={() => onAction("trash")}>
          Move to CleanSpace Trash
        </Button>
      ) : null}
      <Button size="sm" variant="outline" disabled={none || busy} onClick={() => onAction("reviewed")}>
        Mark reviewed
      </Button>
      <Button size="sm" variant="outline" disabled={none || busy} onClick={() => onAction("ignored")}>
        Ignore
      </Button>
      <Button size="sm" variant="outline" disabled={none} onClick={onDownload}>
        Download list
      </Button>
    </SelectionBar>
  );
}
