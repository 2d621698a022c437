import { mailKey, senderLabel } from "../../../domain/email-senders";
import { formatBytes } from "../../../domain/format";
import type { MailMeta } from "../../../domain/schemas/email";
import { mailDay } from "./sender-row";

export const MESSAGE_ROW_HEIGHT = 56;

/** One message of the Large or Old view: checkbox, subject, sender, date, size (never its text: we do not have it). */
export function MessageRow({
  message: m,
  folder,
  checked,
  onToggle,
}: {
  message: MailMeta;
  /** The message's folder, shown when more than one is listed. */
  folder: string | null;
  checked: boolean;
  onToggle(key: number): void;
}) {
  const sender = senderLabel({ address: m.a, name: m.n });
  const subject = m.s || "(no subject)";
  return (
    <div className="flex h-full items-center gap-3 border-b border-border px-3" data-testid="message-row">
      <input
        type="checkbox"
        className="size-4 shrink-0"
        checked={checked}
        onChange={() => onToggle(mailKey(m))}
        aria-label={`Select “${subject}” from ${m.a || m.n || "(no sender)"}`}
      />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm">{subject}</p>
        <p className="truncate text-xs text-muted-foreground">
          {sender} · {folder ? `${folder} · ` : ""}
          {mailDay(m.d)} · {formatBytes(m.z)}
          {m.r ? " · unread" : ""}
        </p>
      </div>
    </div>
  );
}
