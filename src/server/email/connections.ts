/**
 * Open IMAP connections, one per user, keyed by the signed-in user's id only (so one user can
 * never reach another's). Bounded in number (per server), closed after IMAP_IDLE_SECONDS
 * without use, on disconnect, on account deletion and when the app closes (app.mailboxes).
 * Operations on one connection run one at a time.
 */
import type { ImapFlow } from "imapflow";
import type { EmailConnection } from "../../domain/schemas/email";
import { HttpError } from "../plugins/errors";

export interface OpenMailbox {
  client: ImapFlow;
  host: string;
  port: number;
  username: string;
  method: NonNullable<EmailConnection["method"]>;
  /**
   * Opens a fresh session with the same sign-in (held in memory only, as long as the
   * connection: the IMAP library holds it anyway). A session whose server rebuilt a folder
   * under it (Dovecot: "Mailbox was deleted under us") can no longer open that folder.
   */
  reopen?: () => Promise<ImapFlow>;
}

interface Entry extends OpenMailbox {
  timer: NodeJS.Timeout;
  queue: Promise<unknown>;
}

export class MailConnections {
  private readonly entries = new Map<number, Entry>();
  /** Users whose connection is being opened now, with how many opens each has in flight. */
  private readonly opening = new Map<number, number>();

  constructor(
    private readonly maxOpen: number,
    private readonly idleMs: number,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  has(userId: number): boolean {
    return this.entries.has(userId);
  }

  info(userId: number): Omit<OpenMailbox, "client"> | null {
    const e = this.entries.get(userId);
    return e ? { host: e.host, port: e.port, username: e.username, method: e.method } : null;
  }

  /**
   * Takes the user's slot before the connection is opened, and answers its release (call it
   * once the connection is kept with `set`, or failed). Checking for room and then awaiting
   * the connect let every concurrent connect through the cap (issue 39 #10): a slot is
   * counted from the reservation on. A user's own connection, open or opening, is replaced,
   * so it takes no second slot.
   */
  reserve(userId: number): () => void {
    const own = this.entries.has(userId) || this.opening.has(userId);
    if (!own && this.slotsInUse() >= this.maxOpen)
      throw new HttpError(503, "Too many mailboxes are connected right now. Try again in a few minutes.", { "retry-after": "60" });
    this.opening.set(userId, (this.opening.get(userId) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.opening.get(userId) ?? 1) - 1;
      if (left > 0) this.opening.set(userId, left);
      else this.opening.delete(userId);
    };
  }

  /** Users holding a slot: an open connection, or one being opened. */
  private slotsInUse(): number {
    let n = this.entries.size;
    for (const userId of this.opening.keys()) if (!this.entries.has(userId)) n++;
    return n;
  }

  /** Keeps `mailbox` as the user's connection, closing the one it replaces. */
  set(userId: number, mailbox: OpenMailbox): void {
    void this.close(userId);
    const entry: Entry = { ...mailbox, timer: this.idleTimer(userId), queue: Promise.resolve() };
    this.entries.set(userId, entry);
    this.watch(userId, entry, mailbox.client);
  }

  /** Forgets the entry when its (current) client closes. */
  private watch(userId: number, entry: Entry, client: ImapFlow): void {
    client.once("close", () => {
      if (this.entries.get(userId) === entry && entry.client === client) {
        clearTimeout(entry.timer);
        this.entries.delete(userId);
      }
    });
  }

  /**
   * Replaces the user's session with a fresh one (same sign-in), for work already running in
   * `use`; null when it cannot be reopened (then the connection is closed).
   */
  async renew(userId: number): Promise<ImapFlow | null> {
    const entry = this.entries.get(userId);
    if (!entry) return null;
    if (!entry.reopen) {
      await this.close(userId);
      return null;
    }
    const client = await entry.reopen();
    const old = entry.client;
    entry.client = client;
    this.watch(userId, entry, client);
    void closeClient(old);
    return client;
  }

  /** Runs `work` on the user's connection after any earlier work on it; resets the idle clock. */
  async use<T>(userId: number, work: (mailbox: OpenMailbox) => Promise<T>): Promise<T> {
    const entry = this.entries.get(userId);
    if (!entry) throw new HttpError(409, "No mailbox is connected. Connect your mailbox again.");
    const run = entry.queue.then(async () => {
      clearTimeout(entry.timer);
      try {
        return await work(entry);
      } finally {
        if (this.entries.get(userId) === entry) entry.timer = this.idleTimer(userId);
      }
    });
    entry.queue = run.catch(() => undefined);
    return run;
  }

  /** Forgets the user's connection at once and resolves when its socket is closed. */
  async close(userId: number): Promise<void> {
    const entry = this.entries.get(userId);
    if (!entry) return;
    clearTimeout(entry.timer);
    this.entries.delete(userId);
    await closeClient(entry.client);
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.entries.keys()].map((userId) => this.close(userId)));
  }

  private idleTimer(userId: number): NodeJS.Timeout {
    const t = setTimeout(() => void this.close(userId), this.idleMs);
    t.unref();
    return t;
  }
}

/** LOGOUT says goodbye politely when the connection is idle; a busy or dead one is cut after a second. */
async function closeClient(client: ImapFlow): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const patience = new Promise<void>((resolve) => (timer = setTimeout(resolve, LOGOUT_PATIENCE_MS)));
  await Promise.race([client.logout().catch(() => undefined), patience]);
  clearTimeout(timer);
  client.close();
}

const LOGOUT_PATIENCE_MS = 1_000;
