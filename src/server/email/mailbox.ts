/**
 * What the server does inside a user's mailbox: list the chosen folders' metadata in batches
 * (size, flags, INTERNALDATE and four header fields: From, Subject and the two
 * List-Unsubscribe fields; never a body part), move messages to Trash or Archive and back by
 * UID, set and clear \Seen. Nothing read is kept: it passes through memory to the browser.
 *
 * Invariant: a UID means a message only under the UIDVALIDITY it was read with (RFC 3501
 * §2.3.1.1). Every listing reports each folder's UIDVALIDITY as SELECT gave it; every action,
 * undo and unsubscribe carries it back and is refused, before anything changes, when any named
 * folder's UIDVALIDITY differs now (checked with STATUS for all folders first, then again on
 * each SELECT).
 */
import type { ImapFlow } from "imapflow";
import {
  RENUMBERED_ERROR,
  type EmailAction,
  type ListedFolder,
  type ListLine,
  type MailMeta,
  type MailTarget,
  type UndoTarget,
} from "../../domain/schemas/email";
import { HttpError } from "../plugins/errors";
import { listFolders, specialFolder } from "./folders";
import { decodeWords, headerFields, senderCache, senderFromEnvelope } from "./from-header";
import { parseUnsubscribe, unsubscribeFrom, unsubscribeLevel, type Unsubscribe } from "./list-unsubscribe";
import { uidSets } from "./uid-set";

/** The listing's first batch is small, so the first senders show while the rest streams in. */
export const FIRST_BATCH = 200;
export const MAX_BATCH = 10_000;
/**
 * Each later batch is half of what is listed so far (within the bounds): the page regroups
 * every message it holds on each batch, so batches that grow with the listing keep that work
 * to a few times the mailbox, where fixed-size batches make it grow with the square.
 */
export const batchSize = (listed: number) => Math.min(MAX_BATCH, Math.max(FIRST_BATCH, listed >> 1));
const NO_SENDER = { address: "", name: "" };
const HEADER_FIELDS = ["from", "subject", "list-unsubscribe", "list-unsubscribe-post"];
const UNSUBSCRIBE_FIELDS = ["list-unsubscribe", "list-unsubscribe-post"];

export interface Totals {
  count: number;
  unread: number;
  bytes: number;
}

const gone = (folder: string) =>
  new HttpError(409, `The folder “${folder}” is no longer on the mail server. Nothing was changed; list your mail again.`);
const renumbered = (folder: string) =>
  new HttpError(
    409,
    `${RENUMBERED_ERROR} the folder “${folder}” since it was listed, so the listed messages could now be other messages. Nothing was changed; your mail is being listed again.`,
  );

/** The unsubscribe level of a List-Unsubscribe pair, remembered per listing (newsletters repeat theirs). */
function levelCache(max = 20_000): (list: string | null, post: string | null) => 0 | 1 | 2 {
  // By List-Unsubscribe, then List-Unsubscribe-Post ("" when absent): no key string built per message.
  const seen = new Map<string, Map<string, 0 | 1 | 2>>();
  let size = 0;
  return (list, post) => {
    if (list === null) return 0;
    let byPost = seen.get(list);
    let level = byPost?.get(post ?? "");
    if (level === undefined) {
      level = unsubscribeLevel(unsubscribeFrom(list, post));
      if (size >= max) {
        seen.clear();
        size = 0;
        byPost = undefined;
      }
      if (!byPost) seen.set(list, (byPost = new Map()));
      byPost.set(post ?? "", level);
      size++;
    }
    return level;
  };
}

/**
 * Streams the chosen folders (absent: the default choice) as lines: "start" with the total,
 * then per folder a "folder" line (its UIDVALIDITY) and its batches; `totals` is called at the
 * end. A folder that is gone is an error line, never a 500.
 */
export async function* listMail(
  client: ImapFlow,
  chosen: string[] | undefined,
  totals: (t: Totals) => Promise<void>,
): AsyncGenerator<ListLine> {
  const folders = await listFolders(client);
  const byPath = new Map(folders.map((f) => [f.path, f]));
  const missing = chosen?.find((p) => !byPath.has(p));
  if (missing !== undefined) {
    yield { t: "error", error: `The folder “${missing}” is no longer on the mail server. Choose your folders again.` };
    return;
  }
  const paths = chosen ? [...new Set(chosen)] : folders.filter((f) => f.byDefault).map((f) => f.path);
  const sum: Totals = { count: 0, unread: 0, bytes: 0 };
  /** Messages already sent in batches (batches grow with it). */
  let sent = 0;
  const senderOf = senderCache();
  const levelOf = levelCache();
  yield { t: "start", total: paths.reduce((n, p) => n + (byPath.get(p)?.messages ?? 0), 0) };
  for (const [index, path] of paths.entries()) {
    let lock;
    try {
      lock = await client.getMailboxLock(path, { readOnly: true });
    } catch (err) {
      if (isNo(err) && !(err as { mailboxMissing?: boolean }).mailboxMissing) throw new StaleSession(path);
      throw err;
    }
    try {
      const box = client.mailbox;
      if (!box) throw new Error("no mailbox selected");
      const folder: ListedFolder = { path, name: byPath.get(path)!.name, uidValidity: Number(box.uidValidity), total: box.exists };
      yield { t: "folder", folder };
      if (box.exists === 0) continue;
      let batch: MailMeta[] = [];
      const noFrom: MailMeta[] = [];
      for await (const m of client.fetch("1:*", { uid: true, flags: true, size: true, internalDate: true, headers: HEADER_FIELDS })) {
        const fields = headerFields(m.headers?.toString("utf8") ?? "");
        const from = fields.get("from");
        const sender = from === undefined ? NO_SENDER : senderOf(from);
        const unread = !m.flags?.has("\\Seen");
        const size = m.size ?? 0;
        const date = m.internalDate instanceof Date ? m.internalDate.getTime() : Date.parse(String(m.internalDate ?? ""));
        const meta: MailMeta = {
          f: index,
          u: m.uid,
          a: sender.address,
          n: sender.name,
          s: decodeWords(fields.get("subject") ?? "").slice(0, 300),
          d: Number.isFinite(date) ? date : 0,
          z: size,
          r: unread,
          l: levelOf(fields.get("list-unsubscribe") ?? null, fields.get("list-unsubscribe-post") ?? null),
        };
        sum.count++;
        sum.bytes += size;
        if (unread) sum.unread++;
        // Sent once its sender is known (after the ENVELOPE pass below).
        if (from === undefined) {
          noFrom.push(meta);
          continue;
        }
        batch.push(meta);
        if (batch.length >= batchSize(sent)) {
          sent += batch.length;
          yield { t: "batch", done: sum.count, messages: batch };
          batch = [];
        }
      }
      // Only where the header is absent: the server's ENVELOPE, fetched for those messages alone.
      if (noFrom.length) {
        const byUid = new Map(noFrom.map((m) => [m.u, m]));
        for (const set of uidSets([...byUid.keys()]))
          for await (const m of client.fetch(set, { uid: true, envelope: true }, { uid: true })) {
            const meta = byUid.get(m.uid);
            if (!meta) continue;
            const sender = senderFromEnvelope(m.envelope?.from?.[0]);
            meta.a = sender.address;
            meta.n = sender.name;
          }
        batch.push(...noFrom);
      }
      if (batch.length) {
        sent += batch.length;
        yield { t: "batch", done: sum.count, messages: batch };
      }
    } finally {
      lock.release();
    }
  }
  await totals(sum);
}

/**
 * This IMAP connection can no longer open a folder that still exists: the server rebuilt it under
 * the connection (Dovecot answers "Mailbox was deleted under us" once a folder was renumbered).
 * Only thrown before anything changed, so the work may be run again on a fresh connection.
 */
export class StaleSession extends Error {}

const isNo = (err: unknown) => (err as { responseStatus?: string }).responseStatus === "NO";

/** Opens `folder` with a real SELECT/EXAMINE, never the library's reuse of an already open folder. */
async function selectFresh(client: ImapFlow, folder: string) {
  const open = client.mailbox;
  // The library reuses the open folder when path and mode match; the other mode makes the server answer afresh.
  const readOnly = open && open.path === folder ? !open.readOnly : false;
  try {
    return await client.getMailboxLock(folder, { readOnly });
  } catch (err) {
    if ((err as { mailboxMissing?: boolean }).mailboxMissing) throw gone(folder);
    if (isNo(err)) throw new StaleSession(folder);
    throw err;
  }
}

/**
 * Refuses the request, before anything changes, unless every named folder still has the
 * UIDVALIDITY the client listed it with (each folder SELECTed afresh: a STATUS from a session
 * that had the folder open can report the old value).
 */
async function assertValidities(client: ImapFlow, targets: readonly MailTarget[]): Promise<void> {
  const seen = new Map<string, number>();
  for (const t of targets) {
    if (seen.has(t.folder)) {
      if (seen.get(t.folder) !== t.uidValidity) throw renumbered(t.folder);
      continue;
    }
    const lock = await selectFresh(client, t.folder);
    const now = Number(client.mailbox ? client.mailbox.uidValidity : 0);
    lock.release();
    if (now !== t.uidValidity) throw renumbered(t.folder);
    seen.set(t.folder, now);
  }
}

/** Opens `folder` (read-write unless told) and checks its UIDVALIDITY once more, as SELECT reports it. */
async function lockChecked(client: ImapFlow, t: MailTarget, readOnly = false) {
  let lock;
  try {
    lock = await client.getMailboxLock(t.folder, { readOnly });
  } catch (err) {
    if ((err as { mailboxMissing?: boolean }).mailboxMissing) throw gone(t.folder);
    if (isNo(err))
      throw new HttpError(409, `The folder “${t.folder}” could not be opened. Nothing more was changed; list your mail again.`);
    throw err;
  }
  if (Number(client.mailbox ? client.mailbox.uidValidity : 0) !== t.uidValidity) {
    lock.release();
    throw renumbered(t.folder);
  }
  return lock;
}

/** Sizes and unread flags of `uids` in the selected mailbox (those that still exist). */
async function measure(client: ImapFlow, uids: number[]): Promise<{ uids: number[]; totals: Totals; unreadUids: number[] }> {
  const totals: Totals = { count: 0, unread: 0, bytes: 0 };
  const found: number[] = [];
  const unreadUids: number[] = [];
  for (const set of uidSets(uids)) {
    for await (const m of client.fetch(set, { uid: true, size: true, flags: true }, { uid: true })) {
      found.push(m.uid);
      totals.count++;
      totals.bytes += m.size ?? 0;
      if (!m.flags?.has("\\Seen")) {
        totals.unread++;
        unreadUids.push(m.uid);
      }
    }
  }
  return { uids: found, totals, unreadUids };
}

/** Moves the target's messages that still exist to `to`; their UIDs there (RFC 4315 COPYUID) in the order of the old ones. */
async function moveTarget(client: ImapFlow, t: MailTarget, to: string): Promise<{ moved: UndoTarget | null; totals: Totals }> {
  const lock = await lockChecked(client, t);
  try {
    const seen = await measure(client, t.uids);
    const pairs: [number, number][] = [];
    let uidValidity = 0;
    for (const set of uidSets(seen.uids)) {
      const res = await client.messageMove(set, to, { uid: true });
      if (res && res.uidMap) pairs.push(...res.uidMap.entries());
      if (res && res.uidValidity) uidValidity = Number(res.uidValidity);
    }
    pairs.sort((a, b) => a[0] - b[0]);
    const moved = pairs.length && uidValidity ? { folder: to, uidValidity, uids: pairs.map((p) => p[1]), back: t.folder } : null;
    return { moved, totals: seen.totals };
  } finally {
    lock.release();
  }
}

export interface ActionOutcome {
  count: number;
  undo: UndoTarget[];
  /** Change to the listed folders' totals (negative when mail left them). */
  delta: Totals;
}

const add = (a: Totals, b: Totals, sign: 1 | -1): Totals => ({
  count: a.count + sign * b.count,
  unread: a.unread + sign * b.unread,
  bytes: a.bytes + sign * b.bytes,
});
const ZERO: Totals = { count: 0, unread: 0, bytes: 0 };

async function destination(client: ImapFlow, action: "trash" | "archive"): Promise<string> {
  const use = action === "trash" ? "\\Trash" : "\\Archive";
  const found = await specialFolder(client, use);
  if (!found) throw new HttpError(409, `This mailbox has no ${use.slice(1)} folder.`);
  return found;
}

/** Applies `action` to each target in its own folder; refused as a whole when any folder was renumbered. */
export async function applyAction(client: ImapFlow, action: EmailAction, targets: readonly MailTarget[]): Promise<ActionOutcome> {
  await assertValidities(client, targets);
  const out: ActionOutcome = { count: 0, undo: [], delta: { ...ZERO } };
  if (action === "read") {
    for (const t of targets) {
      const lock = await lockChecked(client, t);
      try {
        const seen = await measure(client, t.uids);
        for (const set of uidSets(seen.unreadUids)) await client.messageFlagsAdd(set, ["\\Seen"], { uid: true });
        out.count += seen.unreadUids.length;
        out.delta.unread -= seen.unreadUids.length;
        if (seen.unreadUids.length) out.undo.push({ folder: t.folder, uidValidity: t.uidValidity, uids: seen.unreadUids, back: t.folder });
      } finally {
        lock.release();
      }
    }
    return out;
  }
  const to = await destination(client, action);
  for (const t of targets) {
    // Already where the action would put it: nothing to move.
    if (t.folder === to) continue;
    const { moved, totals } = await moveTarget(client, t, to);
    out.count += totals.count;
    out.delta = add(out.delta, totals, -1);
    if (moved) out.undo.push(moved);
  }
  return out;
}

/** Reverses an action from the targets it returned; refused as a whole when any folder was renumbered. */
export async function undoAction(client: ImapFlow, action: EmailAction, targets: readonly UndoTarget[]): Promise<ActionOutcome> {
  await assertValidities(client, targets);
  const out: ActionOutcome = { count: 0, undo: [], delta: { ...ZERO } };
  for (const t of targets) {
    if (action === "read") {
      const lock = await lockChecked(client, t);
      try {
        const seen = await measure(client, t.uids);
        const stillUnread = new Set(seen.unreadUids);
        const toClear = seen.uids.filter((u) => !stillUnread.has(u));
        for (const set of uidSets(toClear)) await client.messageFlagsRemove(set, ["\\Seen"], { uid: true });
        out.count += toClear.length;
        out.delta.unread += toClear.length;
        if (toClear.length) out.undo.push({ folder: t.folder, uidValidity: t.uidValidity, uids: toClear, back: t.folder });
      } finally {
        lock.release();
      }
      continue;
    }
    const { moved, totals } = await moveTarget(client, t, t.back);
    out.count += totals.count;
    out.delta = add(out.delta, totals, 1);
    if (moved) out.undo.push(moved);
  }
  return out;
}

export interface UnsubscribeOf {
  folder: string;
  uidValidity: number;
  uid: number;
}

/** The List-Unsubscribe of one message, read fresh from the server (never from the browser). */
export async function unsubscribeOf(client: ImapFlow, target: UnsubscribeOf): Promise<Unsubscribe | null> {
  const t: MailTarget = { folder: target.folder, uidValidity: target.uidValidity, uids: [target.uid] };
  await assertValidities(client, [t]);
  const lock = await lockChecked(client, t, true);
  try {
    const m = await client.fetchOne(String(target.uid), { uid: true, headers: UNSUBSCRIBE_FIELDS }, { uid: true });
    if (!m) return null;
    return parseUnsubscribe(m.headers?.toString("utf8") ?? "");
  } finally {
    lock.release();
  }
}
