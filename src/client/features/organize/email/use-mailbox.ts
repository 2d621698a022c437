/**
 * The connected mailbox's messages in this browser's memory (never stored): the listing as it
 * streams in, and the actions with their undo. After each change the dashboard's figures are
 * refreshed: the server saved the new aggregates.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import type { EmailAction, MailMeta } from "../../../../domain/schemas/email";
import { newClientId, postCleanupEvent, retractCleanupEvent } from "../../../lib/cleanup-events";
import { errorText, runAction, streamList, undoAction } from "../../../lib/email/mail-api";

export interface MailUndo {
  action: EmailAction;
  items: number;
  uids: number[];
  /** The messages as they were (restored locally, with their new UIDs, on undo). */
  before: MailMeta[];
  eventId: string | null;
  timestamp: number;
}

export function useMailbox() {
  const queryClient = useQueryClient();
  const [messages, setMessages] = useState<MailMeta[]>([]);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [status, setStatus] = useState<"idle" | "listing" | "ready" | "error">("idle");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [undo, setUndo] = useState<MailUndo | null>(null);
  const abort = useRef<AbortController | null>(null);

  const refreshFigures = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: ["dashboard"] });
    void queryClient.invalidateQueries({ queryKey: ["insights"] });
  }, [queryClient]);

  /** Lists the inbox; resolves with the messages, or null when the listing failed or was replaced by another. */
  const load = useCallback(async (): Promise<MailMeta[] | null> => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setStatus("listing");
    setError(null);
    setProgress({ done: 0, total: 0 });
    const collected: MailMeta[] = [];
    try {
      await streamList((line) => {
        if (line.t === "start") setProgress({ done: 0, total: line.total });
        else if (line.t === "batch") {
          collected.push(...line.messages);
          // Senders fill in as the batches arrive.
          setMessages(collected.slice());
          setProgress((p) => ({ done: line.done, total: p?.total ?? line.done }));
        } else if (line.t === "error") throw new Error(line.error);
      }, controller.signal);
      setMessages(collected);
      setStatus("ready");
      refreshFigures();
      return collected;
    } catch (e) {
      if (controller.signal.aborted) return null;
      setMessages(collected);
      setError(errorText(e));
      setStatus("error");
      return null;
    }
  }, [refreshFigures]);

  const act = useCallback(
    async (action: EmailAction, uids: number[]) => {
      if (uids.length === 0) return;
      setBusy(true);
      setError(null);
      try {
        const chosen = new Set(uids);
        const before = messages.filter((m) => chosen.has(m.u)).sort((a, b) => a.u - b.u);
        const result = await runAction(action, uids);
        setMessages((all) =>
          action === "read" ? all.map((m) => (chosen.has(m.u) ? { ...m, r: false } : m)) : all.filter((m) => !chosen.has(m.u)),
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
        setUndo({ action, items: result.count, uids: result.undoUids, before, eventId, timestamp: Date.now() });
        refreshFigures();
      } catch (e) {
        setError(errorText(e));
      } finally {
        setBusy(false);
      }
    },
    [messages, refreshFigures],
  );

  const revert = useCallback(async () => {
    if (!undo) return;
    setBusy(true);
    try {
      const result = await undoAction(undo.action, undo.uids);
      if (undo.action === "read") {
        const back = new Set(result.undoUids);
        setMessages((all) => all.map((m) => (back.has(m.u) ? { ...m, r: true } : m)));
      } else if (result.undoUids.length === undo.before.length) {
        // A move gives the messages new UIDs, assigned in the order of the old ones.
        const fresh = [...result.undoUids].sort((a, b) => a - b);
        const restored = undo.before.map((m, i) => ({ ...m, u: fresh[i]! }));
        setMessages((all) => [...all, ...restored]);
      } else void load();
      if (undo.eventId) await retractCleanupEvent(undo.eventId).catch(() => undefined);
      setUndo(null);
      refreshFigures();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  }, [undo, load, refreshFigures]);

  return { messages, progress, status, error, busy, undo, load, act, revert, expireUndo: useCallback(() => setUndo(null), []) };
}
