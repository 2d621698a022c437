import { MailMinus, Trash2 } from "lucide-react";
import { senderLabel, type SenderGroup } from "../../../domain/email-senders";
import { formatBytes, formatCount } from "../../../domain/format";
import { Button } from "../../components/ui/button";

/** Fixed row height: the sender list is windowed (VirtualList), so 2,000 senders scroll like 20. */
export const SENDER_ROW_HEIGHT = 64;

export const mailDay = (ms: number) => (Number.isFinite(ms) && ms >= 0 ? new Date(ms).toISOString().slice(0, 10) : "unknown date");

/** One sender: checkbox (all their mail), counts, and the per-sender actions (labels shown from `sm` up). */
export function SenderRow({
  group,
  checked,
  busy,
  onToggle,
  onTrash,
  onUnsubscribe,
}: {
  group: SenderGroup;
  checked: boolean;
  busy: boolean;
  onToggle(): void;
  onTrash(): void;
  onUnsubscribe(): void;
}) {
  const label = senderLabel(group);
  return (
    <div className="flex h-full items-center gap-3 border-b border-border px-3" data-testid="sender-row" data-sender={group.key}>
      <input
        type="checkbox"
        className="size-4 shrink-0"
        checked={checked}
        onChange={onToggle}
        aria-label={`Select all mail from ${label}`}
      />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium" title={label}>
          {group.name || group.address || label}
        </p>
        <p className="truncate text-xs text-muted-foreground">
          {group.name && group.address ? `${group.address} · ` : ""}
          <span data-testid="sender-count">{formatCount(group.count)}</span> {group.count === 1 ? "message" : "messages"} ·{" "}
          {formatCount(group.unread)} unread · {formatBytes(group.bytes)} · last {mailDay(group.lastDate)}
        </p>
      </div>
      <div className="flex shrink-0 gap-1">
        {group.unsubscribe > 0 ? (
          <Button size="sm" variant="outline" disabled={busy} onClick={onUnsubscribe} aria-label={`Unsubscribe from ${label}`}>
            <MailMinus className="size-4" aria-hidden /> <span className="hidden sm:inline">Unsubscribe</span>
          </Button>
        ) : null}
        <Button size="sm" variant="outline" disabled={busy} onClick={onTrash} aria-label={`Move all mail from ${label} to Trash`}>
          <Trash2 className="size-4" aria-hidden /> <span className="hidden sm:inline">Trash all</span>
        </Button>
      </div>
    </div>
  );
}
