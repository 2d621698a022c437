/**
 * Outgoing mail. Every message is first written to the outbox table, so an account is
 * never lost because mail is down: with SMTP_URL it is sent at once and retried later on
 * failure; without it, it stays in the outbox and a log line says so.
 * Retries back off (30 s, 1 min, 2 min … then hourly, ~14 h in all) and each attempt is
 * claimed atomically, so N app processes sharing one database never send a message twice.
 */
import { and, asc, eq, lt, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client";
import { mailOutbox } from "../db/schema";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /**
   * Runs `task` (which sends mail) after the caller has answered, so how long it takes tells
   * nothing; idle() and close() wait for it, and a failure is logged, not thrown.
   */
  later(task: () => Promise<void>): void;
  /** Tries every pending message whose retry is due at `now` once more; returns how many were sent. */
  retryPending(now?: Date): Promise<number>;
  /** Resolves once every send already started has finished (delivered, failed or queued). */
  idle(): Promise<void>;
  /** Waits for sends in flight, then stops the retry timer and the SMTP connection. */
  close(): Promise<void>;
}

export const MAX_ATTEMPTS = 20;
/**
 * A sent message keeps no usable link token at rest: `token=…` in its text is
 * replaced once the SMTP server has it. Unsent ones still need it; their tokens expire in an
 * hour and the retention job removes used and expired tokens.
 */
export const redactTokens = (text: string) => text.replace(/([?&#]token=)[A-Za-z0-9_-]+/g, "$1[redacted]");

/** Delay before the 2nd attempt; each further one doubles it, up to 2^7 × 30 s ≈ 1 h. */
const RETRY_BASE_SECONDS = 30;
const BACKOFF_DOUBLINGS = 7;
const RETRY_TICK_MS = 10_000;

/**
 * When a message that has had `attempts` tries becomes due again, in seconds after it was
 * queued: the sum of the capped doubling delays. Mirrored by the SQL in retryPending.
 */
export function retryDueAfterSeconds(attempts: number): number {
  const doubled = Math.min(attempts, BACKOFF_DOUBLINGS + 1);
  return (
    RETRY_BASE_SECONDS * (2 ** doubled - 1) + RETRY_BASE_SECONDS * 2 ** BACKOFF_DOUBLINGS * Math.max(attempts - BACKOFF_DOUBLINGS - 1, 0)
  );
}

interface Transport {
  sendMail(m: { from: string; to: string; subject: string; text: string }): Promise<unknown>;
  close(): void;
}

export async function createMailer(options: {
  db: Db;
  log: FastifyBaseLogger;
  smtpUrl: string | undefined;
  from: string;
}): Promise<Mailer> {
  const { db, log, from } = options;
  let transport: Transport | undefined;
  if (options.smtpUrl) {
    const nodemailer = await import("nodemailer");
    const url = new URL(options.smtpUrl);
    transport = nodemailer.createTransport({
      host: url.hostname,
      port: Number(url.port || (url.protocol === "smtps:" ? 465 : 587)),
      secure: url.protocol === "smtps:",
      auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
      // Local test peers and private relays may not offer STARTTLS.
      ignoreTLS: url.searchParams.get("ignoreTLS") === "true",
      connectionTimeout: 5000,
      greetingTimeout: 5000,
      socketTimeout: 10_000,
    }) as unknown as Transport;
  }

  /** Sends a row whose attempt this process has already claimed (counted in `attempts`). */
  async function deliver(row: { id: number; to: string; subject: string; text: string; attempts: number }) {
    if (!transport) return false;
    try {
      await transport.sendMail({ from, to: row.to, subject: row.subject, text: row.text });
      await db
        .update(mailOutbox)
        .set({ status: "sent", sentAt: new Date(), text: redactTokens(row.text) })
        .where(eq(mailOutbox.id, row.id));
      return true;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const final = row.attempts >= MAX_ATTEMPTS;
      await db
        .update(mailOutbox)
        .set({ lastError: message.slice(0, 500), status: final ? "failed" : "pending" })
        .where(eq(mailOutbox.id, row.id));
      log.warn({ mailId: row.id, attempts: row.attempts }, final ? "mail delivery failed; giving up" : "mail delivery failed; will retry");
      return false;
    }
  }

  async function retryPending(now: Date = new Date()): Promise<number> {
    if (!transport) return 0;
    // retryDueAfterSeconds(attempts), in SQL (constants inlined; they are ours, not input).
    const [base, cap, n] = [RETRY_BASE_SECONDS, RETRY_BASE_SECONDS * 2 ** BACKOFF_DOUBLINGS, BACKOFF_DOUBLINGS + 1].map((v) =>
      sql.raw(String(v)),
    );
    const dueAfter = sql`(${base} * (power(2, least(${mailOutbox.attempts}, ${n})) - 1) + ${cap} * greatest(${mailOutbox.attempts} - ${n}, 0)) * interval '1 second'`;
    const due = await db
      .select({ id: mailOutbox.id, attempts: mailOutbox.attempts })
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.status, "pending"),
          lt(mailOutbox.attempts, MAX_ATTEMPTS),
          sql`${mailOutbox.createdAt} + ${dueAfter} <= ${now.toISOString()}::timestamptz`,
        ),
      )
      .orderBy(asc(mailOutbox.id))
      .limit(50);
    let sent = 0;
    for (const candidate of due) {
      // Claim this attempt: only the process whose update matches the attempts it saw sends it.
      const [claimed] = await db
        .update(mailOutbox)
        .set({ attempts: candidate.attempts + 1 })
        .where(and(eq(mailOutbox.id, candidate.id), eq(mailOutbox.status, "pending"), eq(mailOutbox.attempts, candidate.attempts)))
        .returning();
      if (claimed && (await deliver(claimed))) sent++;
    }
    return sent;
  }

  const timer = transport ? setInterval(() => void retryPending().catch(() => {}), RETRY_TICK_MS) : undefined;
  timer?.unref();

  async function queueAndDeliver(message: MailMessage) {
    // With a transport, the row is inserted already claimed by this first attempt.
    const [row] = await db
      .insert(mailOutbox)
      .values({ ...message, attempts: transport ? 1 : 0 })
      .returning();
    if (!row) return;
    if (!transport) {
      log.info({ mailId: row.id, subject: message.subject }, "mail kept in outbox (no SMTP_URL configured)");
      return;
    }
    await deliver(row);
  }

  // Some callers do not await send (an answer must not wait on a mail server); shutdown and
  // tests still need to know when that work is over.
  const inFlight = new Set<Promise<void>>();
  const idle = async () => {
    while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
  };

  const track = (work: Promise<void>) => {
    inFlight.add(work);
    const forget = () => inFlight.delete(work);
    work.then(forget, forget);
    return work;
  };

  return {
    send(message) {
      return track(queueAndDeliver(message));
    },
    later(task) {
      void track(
        // Deferred by a macrotask: the caller's reply goes out first.
        new Promise<void>((resolve) => setImmediate(resolve))
          .then(task)
          .catch((err: unknown) => log.warn({ err }, "background mail task failed")),
      );
    },
    retryPending,
    idle,
    async close() {
      if (timer) clearInterval(timer);
      await idle();
      transport?.close();
    },
  };
}
