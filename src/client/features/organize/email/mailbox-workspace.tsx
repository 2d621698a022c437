/**
 * Organize → Email once a mailbox is connected: senders ranked by count or size,
 * newsletters, large and old mail; quick-select and presets; Unsubscribe, Move to Trash,
 * Archive and Mark read on a sender or a selection, each with the spec's 10-second Undo.
 */
import { Archive, MailOpen, RefreshCw, Trash2 } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import {
  groupBySender,
  isLarge,
  isOld,
  newsletters,
  selectMessages,
  totalsOf,
  type MailSelector,
  type SenderSort,
} from "../../../../domain/email-senders";
import { formatBytes, formatCount } from "../../../../domain/format";
import type { EmailAction, EmailConnection, MailMeta } from "../../../../domain/schemas/email";
import { Button } from "../../../components/ui/button";
import { ProgressBar } from "../../../components/ui/progress-bar";
import { toast } from "../../../lib/toast-store";
import { UndoBanner } from "../components/undo-banner";
import type { UndoEntry } from "../hooks/use-batch-actions";
import { errorText, unsubscribe } from "../../../lib/email/mail-api";
import { SenderRow } from "./sender-row";
import { useMailbox } from "./use-mailbox";

type View = "senders" | "newsletters" | "large" | "old";
const VIEWS: { id: View; label: string }[] = [
  { id: "senders", label: "Senders" },
  { id: "newsletters", label: "Newsletters" },
  { id: "large", label: "Large" },
  { id: "old", label: "Old" },
];
const QUICK: { id: MailSelector; label: string }[] = [
  { id: "unread", label: "Unread" },
  { id: "old", label: "Old (6+ months)" },
  { id: "older-than-year", label: "Older than 365 days" },
  { id: "large", label: "Large (1 MB+)" },
];
const SHOWN = 100;
const ACTION_WORDS: Record<EmailAction, string> = { trash: "Moved to Trash", archive: "Archived", read: "Marked read" };

export function MailboxWorkspace({ connection, onDisconnect }: { connection: EmailConnection; onDisconnect(): void }) {
  const mailbox = useMailbox();
  const { load } = mailbox;
  const [view, setView] = useState<View>("senders");
  const [sort, setSort] = useState<SenderSort>("count");
  const [selected, setSelected] = useState<Set<number>>(new Set());
  // Ages are judged against the moment the page opened.
  const [now] = useState(() => Date.now());

  useEffect(() => {
    void load();
  }, [load]);

  const groups = useMemo(() => groupBySender(mailbox.messages, sort), [mailbox.messages, sort]);
  const shownGroups = view === "newsletters" ? newsletters(groups) : groups;
  const shownMessages = useMemo(
    () =>
      view === "large"
        ? mailbox.messages.filter(isLarge).sort((a, b) => b.z - a.z)
        : view === "old"
          ? mailbox.messages.filter((m) => isOld(m, now)).sort((a, b) => a.d - b.d)
          : [],
    [view, mailbox.messages, now],
  );
  const totals = totalsOf(mailbox.messages);
  const present = useMemo(() => new Set(mailbox.messages.map((m) => m.u)), [mailbox.messages]);
  const selection = [...selected].filter((u) => present.has(u));

  const toggle = (uids: number[]) =>
    setSelected((s) => {
      const next = new Set(s);
      const all = uids.every((u) => next.has(u));
      for (const u of uids) {
        if (all) next.delete(u);
        else next.add(u);
      }
      return next;
    });

  async function act(action: EmailAction, uids: number[]) {
    await mailbox.act(action, uids);
    setSelected(new Set());
  }

  async function unsubscribeFrom(uid: number | null, label: string) {
    if (uid === null) return;
    try {
      const res = await unsubscribe(uid);
      if (res.method === "one-click")
        toast({
          title: res.ok ? "Unsubscribed" : "Unsubscribe not confirmed",
          description: res.ok
            ? `${label} confirmed the one-click unsubscribe.`
            : `${label} did not accept the one-click request; try the link in one of their messages.`,
        });
      else if (res.method === "mailto" || res.method === "web") {
        window.open(res.target, "_blank", "noopener,noreferrer");
        toast({
          title: "Unsubscribe link opened",
          description: res.method === "mailto" ? "Send the prepared e-mail to finish unsubscribing." : "Finish on the sender's page.",
        });
      } else toast({ title: "No unsubscribe offered", description: `${label} does not offer one.` });
    } catch (e) {
      toast({ title: "Unsubscribe failed", description: errorText(e), variant: "destructive" });
    }
  }

  const undoEntry = useMemo<UndoEntry | null>(
    () => (mailbox.undo ? { action: "trash", items: mailbox.undo.items, timestamp: mailbox.undo.timestamp, undo: mailbox.revert } : null),
    [mailbox.undo, mailbox.revert],
  );

  return (
    <section className="grid gap-4" aria-labelledby="mailbox-title" data-testid="mailbox">
      <div className="flex flex-wrap items-center gap-2">
        <div className="min-w-0 flex-1">
          <h2 id="mailbox-title" className="text-lg font-semibold">
            Inbox of {connection.username}
          </h2>
          <p className="text-sm text-muted-foreground" data-testid="mail-totals">
            {formatCount(totals.count)} messages · {formatCount(totals.unread)} unread · {formatBytes(totals.bytes)}
          </p>
        </div>
        <Button variant="outline" size="sm" disabled={mailbox.status === "listing"} onClick={() => void load()}>
          <RefreshCw className="size-4" aria-hidden /> Refresh
        </Button>
        <Button variant="ghost" size="sm" onClick={onDisconnect}>
          Disconnect
        </Button>
      </div>
      {mailbox.status === "listing" && mailbox.progress ? (
        <div className="grid gap-1" role="status">
          <ProgressBar value={mailbox.progress.done} max={Math.max(1, mailbox.progress.total)} label="Listing messages" />
          <p className="text-xs text-muted-foreground">
            Listed {formatCount(mailbox.progress.done)} of {formatCount(mailbox.progress.total)} messages…
          </p>
        </div>
      ) : null}
      {mailbox.error ? (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {mailbox.error}
        </p>
      ) : null}

      <div className="flex flex-wrap gap-2" role="group" aria-label="View">
        {VIEWS.map((v) => (
          <Button
            key={v.id}
            size="sm"
            variant={view === v.id ? "primary" : "outline"}
            aria-pressed={view === v.id}
            onClick={() => setView(v.id)}
          >
            {v.label}
          </Button>
        ))}
        {view === "senders" || view === "newsletters" ? (
          <Button size="sm" variant="ghost" onClick={() => setSort((s) => (s === "count" ? "size" : "count"))}>
            Sort: {sort === "count" ? "most messages" : "largest"}
          </Button>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Quick select">
        <span className="text-sm text-muted-foreground">Quick select:</span>
        {QUICK.map((q) => (
          <Button
            key={q.id}
            size="sm"
            variant="secondary"
            onClick={() => setSelected(new Set(selectMessages(mailbox.messages, q.id, now).map((m) => m.u)))}
          >
            {q.label}
          </Button>
        ))}
        {selection.length ? (
          <Button size="sm" variant="ghost" onClick={() => setSelected(new Set())}>
            Clear
          </Button>
        ) : null}
      </div>

      {selection.length > 0 ? (
        <div className="flex flex-wrap items-center gap-2 rounded-xl border border-border bg-muted/50 p-2" data-testid="mail-selection">
          <p className="flex-1 text-sm font-medium">{formatCount(selection.length)} selected</p>
          <Button size="sm" variant="destructive" disabled={mailbox.busy} onClick={() => void act("trash", selection)}>
            <Trash2 className="size-4" aria-hidden /> Move to Trash
          </Button>
          <Button size="sm" variant="outline" disabled={mailbox.busy} onClick={() => void act("archive", selection)}>
            <Archive className="size-4" aria-hidden /> Archive
          </Button>
          <Button size="sm" variant="outline" disabled={mailbox.busy} onClick={() => void act("read", selection)}>
            <MailOpen className="size-4" aria-hidden /> Mark read
          </Button>
        </div>
      ) : null}

      {view === "senders" || view === "newsletters" ? (
        <ul className="divide-y divide-border rounded-2xl border border-border" aria-label={view === "senders" ? "Senders" : "Newsletters"}>
          {shownGroups.slice(0, SHOWN).map((g) => (
            <SenderRow
              key={g.address}
              group={g}
              checked={g.uids.every((u) => selected.has(u))}
              busy={mailbox.busy}
              onToggle={() => toggle(g.uids)}
              onTrash={() => void act("trash", g.uids)}
              onUnsubscribe={() => void unsubscribeFrom(g.unsubscribeUid, g.name || g.address)}
            />
          ))}
          {shownGroups.length === 0 && mailbox.status !== "listing" ? (
            <li className="p-4 text-sm text-muted-foreground">Nothing here.</li>
          ) : null}
        </ul>
      ) : (
        <MessageList messages={shownMessages} selected={selected} onToggle={(u) => toggle([u])} />
      )}
      {(view === "senders" || view === "newsletters" ? shownGroups.length : shownMessages.length) > SHOWN ? (
        <p className="text-xs text-muted-foreground">Showing the first {SHOWN}; quick-select and the actions apply to all.</p>
      ) : null}
      <p className="text-xs text-muted-foreground">
        {ACTION_WORDS.trash} mail stays in your mailbox's Trash folder until your provider empties it.
      </p>
      <UndoBanner entry={undoEntry} busy={mailbox.busy} onUndo={() => void mailbox.revert()} onExpire={mailbox.expireUndo} />
    </section>
  );
}

function MessageList({ messages, selected, onToggle }: { messages: MailMeta[]; selected: Set<number>; onToggle(uid: number): void }) {
  if (messages.length === 0)
    return <p className="rounded-2xl border border-dashed border-border p-4 text-sm text-muted-foreground">Nothing here.</p>;
  return (
    <ul className="divide-y divide-border rounded-2xl border border-border" aria-label="Messages">
      {messages.slice(0, SHOWN).map((m) => (
        <li key={m.u} className="flex items-center gap-3 px-3 py-2">
          <input
            type="checkbox"
            className="size-4"
            checked={selected.has(m.u)}
            onChange={() => onToggle(m.u)}
            aria-label={`Select “${m.s || "(no subject)"}” from ${m.a}`}
          />
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm">{m.s || "(no subject)"}</p>
            <p className="truncate text-xs text-muted-foreground">
              {m.a} · {m.d ? new Date(m.d).toISOString().slice(0, 10) : "unknown date"} · {formatBytes(m.z)}
              {m.r ? " · unread" : ""}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
