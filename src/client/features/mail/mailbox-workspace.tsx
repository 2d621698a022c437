/**
 * Organize → Email once a mailbox is connected: every sender (windowed list, searchable,
 * sortable), newsletters, large and old mail; the advanced filter with the e-mail presets;
 * select all, the spec's quick-select; Unsubscribe, Move to Trash, Archive and Mark read on a
 * sender or a selection, each with the spec's 10-second Undo.
 */
import { RefreshCw } from "lucide-react";
import { useCallback, useEffect, useMemo, useState } from "react";
import { isMailOAuthProvider, MAIL_OAUTH_LABELS } from "../../../domain/email-oauth";
import { quickSelectMail } from "../../../domain/email-filter";
import { mailKey, splitMailKey, totalsOf, type MessageSort, type SenderGroup, type SenderSort } from "../../../domain/email-senders";
import type { FilterCriterion, QuickSelect } from "../../../domain/filters";
import { formatBytes, formatCount } from "../../../domain/format";
import type { EmailConnection, MailMeta } from "../../../domain/schemas/email";
import { Button } from "../../components/ui/button";
import { ProgressBar } from "../../components/ui/progress-bar";
import { PresetsFilter } from "../../components/lists/filter/presets-filter";
import { UndoBanner } from "../../components/lists/undo-banner";
import { VirtualList } from "../../components/lists/virtual-list";
import type { UndoEntry } from "../../components/lists/batch-action";
import { FolderChooser, folderLabel } from "./folder-chooser";
import { isSenderView, MailControls, type MailView } from "./mail-controls";
import { MailActions, MailSelectionBar } from "./mail-selection-bar";
import { MESSAGE_ROW_HEIGHT, MessageRow } from "./message-row";
import { SENDER_ROW_HEIGHT, SenderRow } from "./sender-row";
import { useMailView } from "./use-mail-view";
import { useMailbox } from "./use-mailbox";
import { useUnsubscribe } from "./use-unsubscribe";

const groupKey = (g: SenderGroup) => g.key;
const messageKey = (m: MailMeta) => mailKey(m);
const DEFAULT_MESSAGE_SORT: Record<"large" | "old", MessageSort> = { large: "size", old: "oldest" };

interface Props {
  connection: EmailConnection;
  /** The page's "Advanced filter" toggle. */
  filterOn: boolean;
  /** A quick-select to apply once the listing is in (the dashboard's "unread" links). */
  initialSelect: QuickSelect | null;
  onInitialSelectUsed(): void;
  onDisconnect(): void;
}

export function MailboxWorkspace({ connection, filterOn, initialSelect, onInitialSelectUsed, onDisconnect }: Props) {
  const mailbox = useMailbox();
  const { load } = mailbox;
  const [view, setView] = useState<MailView>("senders");
  const [query, setQuery] = useState("");
  const [senderSort, setSenderSort] = useState<SenderSort>("count");
  const [messageSort, setMessageSort] = useState<MessageSort>("size");
  const [criteria, setCriteria] = useState<FilterCriterion[]>([]);
  const [activePreset, setActivePreset] = useState<string | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  // Ages are judged against the moment the page opened.
  const [now] = useState(() => Date.now());
  const unsubscribeFrom = useUnsubscribe();

  // The dashboard's link picks a quick-select; it applies once, to the first complete listing.
  const [pendingSelect] = useState(initialSelect);
  useEffect(() => {
    void load(null).then((listed) => {
      if (!listed || !pendingSelect) return;
      setSelected(new Set(quickSelectMail(listed, pendingSelect, now).map(mailKey)));
      onInitialSelectUsed();
    });
  }, [load, pendingSelect, now, onInitialSelectUsed]);

  const { filtered, groups, messages, shown } = useMailView({
    messages: mailbox.messages,
    criteria: filterOn ? criteria : [],
    view,
    query,
    senderSort,
    messageSort,
    now,
  });

  const totals = totalsOf(mailbox.messages);
  // Only what is in view counts and is acted on: a message hidden by the view, search or filter is never moved unseen.
  const selection = useMemo(() => shown.filter((m) => selected.has(mailKey(m))), [shown, selected]);
  const selectionBytes = selection.reduce((n, m) => n + m.z, 0);

  const toggle = useCallback(
    (keys: readonly number[]) =>
      setSelected((s) => {
        const next = new Set(s);
        const all = keys.every((k) => next.has(k));
        for (const k of keys) {
          if (all) next.delete(k);
          else next.add(k);
        }
        return next;
      }),
    [],
  );
  const toggleOne = useCallback((key: number) => toggle([key]), [toggle]);
  const unsubscribeGroup = (g: SenderGroup) => {
    if (g.unsubscribeKey === null) return;
    const { f, u } = splitMailKey(g.unsubscribeKey);
    const folder = mailbox.folders[f];
    if (folder) void unsubscribeFrom({ folder: folder.path, uidValidity: folder.uidValidity, uid: u }, g.name || g.address);
  };

  async function act(action: Parameters<typeof mailbox.act>[0], keys: number[]) {
    await mailbox.act(action, keys);
    setSelected(new Set());
  }

  const changeView = (next: MailView) => {
    setView(next);
    if (!isSenderView(next)) setMessageSort(DEFAULT_MESSAGE_SORT[next]);
  };

  const undoEntry = useMemo<UndoEntry | null>(
    () => (mailbox.undo ? { action: "trash", items: mailbox.undo.items, timestamp: mailbox.undo.timestamp, undo: mailbox.revert } : null),
    [mailbox.undo, mailbox.revert],
  );
  const provider = isMailOAuthProvider(connection.method) ? MAIL_OAUTH_LABELS[connection.method] : null;
  const listed = isSenderView(view) ? groups.length : messages.length;

  return (
    <section className="grid gap-4" aria-labelledby="mailbox-title" data-testid="mailbox">
      <div className="flex flex-wrap items-center gap-2">
        <div className="min-w-0 flex-1">
          <h2 id="mailbox-title" className="text-lg font-semibold">
            Inbox of {connection.username}
          </h2>
          <p className="text-xs text-muted-foreground" data-testid="mail-folders">
            {mailbox.folders.map((f) => folderLabel(f)).join(", ") || "Listing…"}
          </p>
          <p className="text-sm text-muted-foreground" data-testid="mail-totals">
            {formatCount(totals.count)} messages · {formatCount(totals.unread)} unread · {formatBytes(totals.bytes)}
            {provider ? ` · signed in with ${provider}` : ""}
          </p>
        </div>
        <Button variant="outline" size="sm" disabled={mailbox.status === "listing"} onClick={() => void load(undefined)}>
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

      <FolderChooser
        listed={mailbox.folders.map((f) => f.path)}
        disabled={mailbox.status === "listing" || mailbox.busy}
        onChoose={(paths) => {
          setSelected(new Set());
          void load(paths);
        }}
      />
      {filterOn ? (
        <PresetsFilter
          tab="email"
          criteria={criteria}
          activePresetId={activePreset}
          shown={filtered.length}
          total={mailbox.messages.length}
          presetsEnabled
          onCriteria={(next, presetId) => {
            setCriteria(next);
            setActivePreset(presetId ?? null);
          }}
        />
      ) : null}
      <MailControls
        view={view}
        query={query}
        senderSort={senderSort}
        messageSort={messageSort}
        onView={changeView}
        onQuery={setQuery}
        onSenderSort={setSenderSort}
        onMessageSort={setMessageSort}
      />
      <MailSelectionBar
        shownCount={shown.length}
        selectedCount={selection.length}
        onSelectAll={() => setSelected(new Set(shown.map(mailKey)))}
        onQuickSelect={(kind) => setSelected(new Set(quickSelectMail(shown, kind, now).map(mailKey)))}
        onClear={() => setSelected(new Set())}
      />

      <p className="text-sm font-medium" aria-live="polite" data-testid="mail-shown">
        {isSenderView(view)
          ? `${formatCount(groups.length)} ${view === "newsletters" ? "newsletter senders" : groups.length === 1 ? "sender" : "senders"} · `
          : ""}
        {formatCount(shown.length)} {shown.length === 1 ? "message" : "messages"} · {formatBytes(shown.reduce((n, m) => n + m.z, 0))}
      </p>
      {listed === 0 ? (
        <div className="flex flex-wrap items-center gap-2 rounded-2xl border border-dashed border-border p-4 text-sm text-muted-foreground">
          <p>
            {mailbox.status === "listing"
              ? "Listing…"
              : query || (filterOn && criteria.some((c) => c.enabled))
                ? "Nothing matches."
                : "Nothing here."}
          </p>
          {query.trim() && mailbox.status !== "listing" ? (
            <Button size="sm" variant="outline" onClick={() => setQuery("")}>
              Clear search
            </Button>
          ) : null}
        </div>
      ) : isSenderView(view) ? (
        <VirtualList
          items={groups}
          rowHeight={SENDER_ROW_HEIGHT}
          label={view === "senders" ? "Senders" : "Newsletters"}
          getKey={groupKey}
          renderRow={(g) => (
            <SenderRow
              group={g}
              checked={g.keys.every((k) => selected.has(k))}
              busy={mailbox.busy}
              onToggle={() => toggle(g.keys)}
              onTrash={() => void act("trash", g.keys)}
              onUnsubscribe={() => unsubscribeGroup(g)}
            />
          )}
        />
      ) : (
        <VirtualList
          items={messages}
          rowHeight={MESSAGE_ROW_HEIGHT}
          label={view === "large" ? "Large messages" : "Old messages"}
          getKey={messageKey}
          renderRow={(m) => (
            <MessageRow
              message={m}
              folder={mailbox.folders.length > 1 ? folderLabel(mailbox.folders[m.f] ?? { path: "", name: "" }) : null}
              checked={selected.has(mailKey(m))}
              onToggle={toggleOne}
            />
          )}
        />
      )}
      <MailActions
        selectedCount={selection.length}
        selectedBytes={selectionBytes}
        busy={mailbox.busy}
        onAction={(action) => void act(action, selection.map(mailKey))}
      />
      <p className="text-xs text-muted-foreground">
        Mail moved to Trash stays in your mailbox&apos;s Trash folder until your provider empties it.
      </p>
      <UndoBanner entry={undoEntry} busy={mailbox.busy} onUndo={() => void mailbox.revert()} onExpire={mailbox.expireUndo} />
    </section>
  );
}
