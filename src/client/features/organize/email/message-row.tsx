import { formatBytes } from "../../../../domain/format";
import type { MailMeta } from "../../../../domain/schemas/email";
import { mailDay } from "./sender-row";

export const MESSAGE_ROW_HEIGHT = 56;

/** One message of the Large or Old view: checkbox, subject, sender, date, size (never its text: we do not have it). */
export function MessageRow({ message: m, checked, onToggle }: { message: MailMeta; checked: boolean; onToggle(uid: number): void }) {
  const subject = m.s || "(no subject)";
  return (
    <div className="flex h-full items-center gap-3 border-b border-border px-3" data-testid="message-row">
      <input
        type="checkbox"
        className="size-4 shrink-0"
        checked={checked}
        onChange={() => onToggle(m.u)}
        aria-label={`Select “${subject}” from ${m.a}`}
      />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm">{subject}</p>
        <p className="truncate text-xs text-muted-foreground">
          {m.n ? `${m.n} <${m.a}>` : m.a} · {mailDay(m.d)} · {formatBytes(m.z)}
          {m.r ? " · unread" : ""}
        </p>
      </div>
    </div>
  );
}
