/**
 * The connected mailbox's messages in this browser's memory (never stored): the listing of the
 * chosen folders as it streams in, and the actions with their undo. Every action names its
 * messages per folder by UID under the UIDVALIDITY this listing saw; when the server refuses
 * because a folder was renumbered since, the mailbox is listed again (the old UIDs may name
 * other messages now). After each change the dashboard's figures are refreshed: the server
 * saved the new aggregates.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import { mailKey, splitMailKey } from "../../../domain/email-senders";
import {
  RENUMBERED_ERROR,
  type EmailAction,
  type ListedFolder,
  type MailMeta,
  type MailTarget,
  type UndoTarget,
} from "../../../domain/schemas/email";
import { newClientId, postCleanupEvent, retractCleanupEvent } from "../../lib/cleanup-events";
import { errorText, runAction, streamList, undoAction } from "../../lib/email/mail-api";

export interface MailUndo {
  action: EmailAction;
  items: number;
  targets: UndoTarget[];
  /** The messages as they were (restored locally, with their new UIDs, on undo). */
  before: MailMeta[];
  eventId: string | null;
  timestamp: number;
}

/** The action body for these message keys: per folder, its UIDs under the UIDVALIDITY listed. */
export function targetsFor(keys: readonly number[], folders: readonly ListedFolder[]): MailTarget[] {
  const byFolder = new Map<number, number[]>();
  for (const key of keys) {
    const { f, u } = splitMailKey(key);
    const list = byFolder.get(f);
    if (list) list.push(u);
    else byFolder.set(f, [u]);
  }
  return [...byFolder].flatMap(([f, uids]) => {
    const folder = folders[f];
    return folder ? [{ folder: folder.path, uidValidity: folder.uidValidity, uids }] : [];
  });
}

const isRenumbered = (text: string) => text.startsWith(RENUMBERED_ERROR);

export function useMailbox() {
  const queryClient = useQueryClient();
  const [messages, setMessages] = useState<MailMeta[]>([]);
  const [folders, setFolders] = useState<ListedFolder[]>([]);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [status, setStatus] = useState<"idle" | "listing" | "ready" | "error">("idle");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [undo, setUndo] = useState<MailUndo | null>(null);
  const abort = useRef<AbortController | null>(null);
  /** The folders chosen for the last listing (null: the server's default choice). */
  const chosen = useRef<string[] | null>(null);

  const refreshFigures = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: ["dashboard"] });
    void queryClient.invalidateQueries({ queryKey: ["insights"] });
  }, [queryClient]);

  /**
   * Lists the chosen folders (`undefined`: the same as last time); resolves with the messages,
   * or null when the listing failed or was replaced by another. `notice` stays shown above it.
   */
  const load = useCallback(
    async (choice?: string[] | null, notice: string | null = null): Promise<MailMeta[] | null> => {
      if (choice !== undefined) chosen.current = choice;
      abort.current?.abort();
      const controller = new AbortController();
      abort.current = controller;
      setUndo(null);
      let shown = notice;
      // A folder rebuilt under the listing: the server's fresh session lists it once more at once.
      for (let attempt = 0; ; attempt++) {
        setStatus("listing");
        setError(shown);
        setProgress({ done: 0, total: 0 });
        setFolders([]);
        const collected: MailMeta[] = [];
        const listed: ListedFolder[] = [];
        try {
          await streamList(
            chosen.current,
            (line) => {
              if (line.t === "start") setProgress({ done: 0, total: line.total });
              else if (line.t === "folder") {
                listed.push(line.folder);
                setFolders(listed.slice());
              } else if (line.t === "batch") {
                collected.push(...line.messages);
                // Senders fill in as the batches arrive.
                setMessages(collected.slice());
                setProgress((p) => ({ done: line.done, total: p?.total ?? line.done }));
              } else if (line.t === "error") throw new Error(line.error);
            },
            controller.signal,
          );
          setMessages(collected);
          setStatus("ready");
          refreshFigures();
          return collected;
        } catch (e) {
          if (controller.signal.aborted) return null;
          const text = errorText(e);
          if (isRenumbered(text) && attempt === 0) {
            shown = text;
            continue;
          }
          setMessages(collected);
          setError(text);
          setStatus("error");
          return null;
        }
      }
    },
    [refreshFigures],
  );

  /** A refusal because a folder was renumbered: say why, and list again (the listed UIDs may name other messages now). */
  const refused = useCallback(
    (e: unknown): boolean => {
      const text = errorText(e);
      if (!isRenumbered(text)) return false;
      void load(undefined, text);
      return true;
    },
    [load],
  );

  const act = useCallback(
    async (action: EmailAction, keys: number[]) => {
      if (keys.length === 0) return;
      setBusy(true);
      setError(null);
      try {
        const chosenKeys = new Set(keys);
        const before = messages.filter((m) => chosenKeys.has(mailKey(m))).sort((a, b) => mailKey(a) - mailKey(b));
        const result = await runAction(action, targetsFor(keys, folders));
        setMessages((all) =>
          action === "read"
            ? all.map((m) => (chosenKeys.has(mailKey(m)) ? { ...m, r: false } : m))
            : all.filter((m) => !chosenKeys.has(mailKey(m)) || folders[m.f]?.path === result.undo[0]?.folder),
        );
        let eventId: string | null = null;
        if (action !== "read" && result.count > 0) {
          const clientId = newClientId();
          // The goal counts it; bytes freed stay 0: the mail sits in the mailbox's Trash until emptied.
          const posted = await postCleanupEvent({ clientId, category: "email", action: "trash", items: result.count, bytesFreed: 0 }).catch(
            () => null,
          );
          eventId = posted ? clientId : null;
        }
        setUndo({ action, items: result.count, targets: result.undo, before, eventId, timestamp: Date.now() });
        refreshFigures();
      } catch (e) {
        if (!refused(e)) setError(errorText(e));
      } finally {
        setBusy(false);
      }
    },
    [messages, folders, refreshFigures, refused],
  );

  const revert = useCallback(async () => {
    if (!undo) return;
    setBusy(true);
    try {
      if (undo.targets.length === 0) {
        setUndo(null);
        return;
      }
      const result = await undoAction(undo.action, undo.targets);
      const indexOf = (path: string, uidValidity: number) => folders.findIndex((f) => f.path === path && f.uidValidity === uidValidity);
      if (undo.action === "read") {
        const back = new Set(result.undo.flatMap((t) => t.uids.map((u) => mailKey({ f: indexOf(t.folder, t.uidValidity), u }))));
        setMessages((all) => all.map((m) => (back.has(mailKey(m)) ? { ...m, r: true } : m)));
      } else {
        // A move gives the messages new UIDs, assigned in the order of the old ones, per folder.
        const restored: MailMeta[] = [];
        let whole = true;
        for (const t of result.undo) {
          const f = indexOf(t.folder, t.uidValidity);
          const was = undo.before.filter((m) => m.f === f);
          if (f < 0 || was.length !== t.uids.length) whole = false;
          else restored.push(...was.map((m, i) => ({ ...m, u: t.uids[i]! })));
        }
        if (whole && restored.length === undo.before.length) setMessages((all) => [...all, ...restored]);
        else void load();
      }
      if (undo.eventId) await retractCleanupEvent(undo.eventId).catch(() => undefined);
      setUndo(null);
      refreshFigures();
    } catch (e) {
      if (!refused(e)) setError(errorText(e));
      else setUndo(null);
    } finally {
      setBusy(false);
    }
  }, [undo, folders, load, refreshFigures, refused]);

  return {
    messages,
    folders,
    progress,
    status,
    error,
    busy,
    undo,
    load,
    act,
    revert,
    expireUndo: useCallback(() => setUndo(null), []),
  };
}
