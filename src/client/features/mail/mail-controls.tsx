/** Organize → Email: which view (senders, newsletters, large, old), the search box and the sort. */
import { Search } from "lucide-react";
import type { MessageSort, SenderSort } from "../../../domain/email-senders";
import { Button } from "../../components/ui/button";

export type MailView = "senders" | "newsletters" | "large" | "old";
export const isSenderView = (v: MailView) => v === "senders" || v === "newsletters";

const VIEWS: { id: MailView; label: string }[] = [
  { id: "senders", label: "Senders" },
  { id: "newsletters", label: "Newsletters" },
  { id: "large", label: "Large" },
  { id: "old", label: "Old" },
];
const SENDER_SORT_LABELS: Record<SenderSort, string> = {
  count: "Most messages",
  size: "Largest",
  unread: "Most unread",
  recent: "Latest mail",
  name: "Name (A–Z)",
};
const MESSAGE_SORT_LABELS: Record<MessageSort, string> = { size: "Largest", oldest: "Oldest", newest: "Newest" };

const control = "h-9 rounded-lg border border-border bg-background px-2 text-sm";

export function MailControls({
  view,
  query,
  senderSort,
  messageSort,
  onView,
  onQuery,
  onSenderSort,
  onMessageSort,
}: {
  view: MailView;
  query: string;
  senderSort: SenderSort;
  messageSort: MessageSort;
  onView(v: MailView): void;
  onQuery(q: string): void;
  onSenderSort(s: SenderSort): void;
  onMessageSort(s: MessageSort): void;
}) {
  const senders = isSenderView(view);
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap gap-2" role="group" aria-label="View">
        {VIEWS.map((v) => (
          <Button
            key={v.id}
            size="sm"
            variant={view === v.id ? "primary" : "outline"}
            aria-pressed={view === v.id}
            onClick={() => onView(v.id)}
          >
            {v.label}
          </Button>
        ))}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <label className="relative min-w-48 flex-1">
          <span className="sr-only">{senders ? "Search senders" : "Search messages"}</span>
          <Search className="pointer-events-none absolute left-2.5 top-2.5 size-4 text-muted-foreground" aria-hidden />
          <input
            type="search"
            value={query}
            onChange={(e) => onQuery(e.target.value)}
            placeholder={senders ? "Sender name or address" : "Sender or subject"}
            className={`${control} w-full pl-8`}
          />
        </label>
        <label className="flex items-center gap-2 text-sm">
          Sort
          {senders ? (
            <select className={control} value={senderSort} onChange={(e) => onSenderSort(e.target.value as SenderSort)}>
              {(Object.keys(SENDER_SORT_LABELS) as SenderSort[]).map((s) => (
                <option key={s} value={s}>
                  {SENDER_SORT_LABELS[s]}
                </option>
              ))}
            </select>
          ) : (
            <select className={control} value={messageSort} onChange={(e) => onMessageSort(e.target.value as MessageSort)}>
              {(Object.keys(MESSAGE_SORT_LABELS) as MessageSort[]).map((s) => (
                <option key={s} value={s}>
                  {MESSAGE_SORT_LABELS[s]}
                </option>
              ))}
            </select>
          )}
        </label>
      </div>
    </div>
  );
}
