/**
 * The retention job: deletes what the privacy page promises not to keep.
 * Periods (agreed with the privacy page; docs/security.md "Retention"):
 *  - sessions: once expired (sliding or absolute expiry);
 *  - password-reset, e-mail-verification and e-mail-change tokens: once used or expired
 *    (a verification token is deleted when used, so only expired ones are left here);
 *  - mailbox OAuth sign-ins in progress (state + PKCE verifier): once expired (10 minutes);
 *  - mail outbox rows: 7 days after sending; unsent ones 7 days after creation;
 *  - applied offline actions (idempotency keys): 30 days;
 *  - processed Stripe webhook event ids: 90 days;
 *  - rate-limit rows (they hold IP and e-mail addresses): at the end of their window.
 * Everything else a user owns goes with the account (foreign keys cascade).
 * Idempotent and safe on N processes at once: each statement is one plain DELETE.
 */
import { and, isNotNull, isNull, lt, lte, or } from "drizzle-orm";
import type { Db } from "../db/client";
import {
  appliedActions,
  emailChanges,
  emailVerificationTokens,
  mailOAuthStates,
  mailOutbox,
  passwordResetTokens,
  processedWebhookEvents,
  rateLimits,
  sessions,
} from "../db/schema";

const DAY_MS = 24 * 3600_000;
export const RETENTION = {
  mailDays: 7,
  appliedActionDays: 30,
  webhookEventDays: 90,
} as const;
/** How often the server runs the job (and once at start-up). */
export const RETENTION_INTERVAL_MS = 3600_000;

export type RetentionReport = Record<
  | "sessions"
  | "resetTokens"
  | "verificationTokens"
  | "emailChanges"
  | "mailOAuthStates"
  | "mail"
  | "appliedActions"
  | "webhookEvents"
  | "rateLimits",
  number
>;

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

export async function runRetention(db: Db, now = new Date()): Promise<RetentionReport> {
  const count = async (q: Promise<unknown[]>) => (await q).length;
  const mailCutoff = daysBefore(now, RETENTION.mailDays);
  return {
    sessions: await count(
      db
        .delete(sessions)
        .where(or(lte(sessions.expiresAt, now), lte(sessions.absoluteExpiresAt, now)))
        .returning({ id: sessions.id }),
    ),
    resetTokens: await count(
      db
        .delete(passwordResetTokens)
        .where(or(isNotNull(passwordResetTokens.usedAt), lte(passwordResetTokens.expiresAt, now)))
        .returning({ id: passwordResetTokens.tokenHash }),
    ),
    verificationTokens: await count(
      db
        .delete(emailVerificationTokens)
        .where(lte(emailVerificationTokens.expiresAt, now))
        .returning({ id: emailVerificationTokens.tokenHash }),
    ),
    mailOAuthStates: await count(
      db.delete(mailOAuthStates).where(lte(mailOAuthStates.expiresAt, now)).returning({ id: mailOAuthStates.stateHash }),
    ),
    emailChanges: await count(db.delete(emailChanges).where(lte(emailChanges.revertExpiresAt, now)).returning({ id: emailChanges.id })),
    mail: await count(
      db
        .delete(mailOutbox)
        .where(
          or(
            and(isNotNull(mailOutbox.sentAt), lt(mailOutbox.sentAt, mailCutoff)),
            and(isNull(mailOutbox.sentAt), lt(mailOutbox.createdAt, mailCutoff)),
          ),
        )
        .returning({ id: mailOutbox.id }),
    ),
    appliedActions: await count(
      db
        .delete(appliedActions)
        .where(lt(appliedActions.appliedAt, daysBefore(now, RETENTION.appliedActionDays)))
        .returning({ id: appliedActions.actionId }),
    ),
    webhookEvents: await count(
      db
        .delete(processedWebhookEvents)
        .where(lt(processedWebhookEvents.processedAt, daysBefore(now, RETENTION.webhookEventDays)))
        .returning({ id: processedWebhookEvents.id }),
    ),
    rateLimits: await count(db.delete(rateLimits).where(lte(rateLimits.resetAt, now)).returning({ key: rateLimits.key })),
  };
}

/** Runs the job now and then every RETENTION_INTERVAL_MS; returns a stop function. */
export function scheduleRetention(db: Db, log: { info(o: object, m: string): void; warn(o: object, m: string): void }): () => void {
  const run = () =>
    runRetention(db).then(
      (report) => log.info({ retention: report }, "retention job done"),
      (err: unknown) => log.warn({ err }, "retention job failed; will retry"),
    );
  void run();
  const timer = setInterval(() => void run(), RETENTION_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
