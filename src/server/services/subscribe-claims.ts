/**
 * One subscription start per user at a time (issue 39 #2, decision 032). Checking the user's
 * row and then creating at Stripe let concurrent requests each create a subscription; a row
 * lock would hold a database connection (all of PGlite) across a call to Stripe. Instead
 * each start is a row in subscribe_claims, keyed by the user: the request whose insert wins
 * creates the subscription, under an idempotency key made from the claim's `attempt`, and
 * names it in the claim; every other request waits for that name and answers with the same
 * subscription (the same client secret). A claim whose owner named nothing for
 * STALE_CLAIM_MS (it failed without cleaning up, or its process died) may be taken over.
 */
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { subscribeClaims } from "../db/schema";

export type SubscribeClaim = typeof subscribeClaims.$inferSelect;

/** Longer than a Stripe call with its one retry (2 × 15 s): an owner silent this long is gone. */
export const STALE_CLAIM_MS = 45_000;
/** How long a waiting request polls for the owner's answer before giving up with a 503. */
export const WAIT_FOR_OWNER_MS = 40_000;
const POLL_MS = 50;

/** The user's claim: `owner` when this call made it (and must now start the subscription). */
export async function claimSubscribe(db: Db, userId: number, plan: string): Promise<{ claim: SubscribeClaim; owner: boolean }> {
  for (;;) {
    const [mine] = await db.insert(subscribeClaims).values({ userId, plan, attempt: randomUUID() }).onConflictDoNothing().returning();
    if (mine) return { claim: mine, owner: true };
    const [existing] = await db.select().from(subscribeClaims).where(eq(subscribeClaims.userId, userId));
    // Gone between the insert and the select (its owner failed and let go): claim again.
    if (existing) return { claim: existing, owner: false };
  }
}

/** Replaces `old` with a new attempt for `plan`, unless another request replaced it first (then null). */
export async function takeOverClaim(db: Db, old: SubscribeClaim, plan: string): Promise<SubscribeClaim | null> {
  const [row] = await db
    .update(subscribeClaims)
    .set({ plan, attempt: randomUUID(), subscriptionId: null, claimedAt: new Date() })
    .where(and(eq(subscribeClaims.userId, old.userId), eq(subscribeClaims.attempt, old.attempt)))
    .returning();
  return row ?? null;
}

/** The owner names the subscription Stripe made: waiting requests answer with it. */
export async function nameClaimedSubscription(db: Db, claim: SubscribeClaim, subscriptionId: string): Promise<void> {
  await db
    .update(subscribeClaims)
    .set({ subscriptionId })
    .where(and(eq(subscribeClaims.userId, claim.userId), eq(subscribeClaims.attempt, claim.attempt)));
}

/** The owner failed (Stripe refused): the claim goes, so the next request starts afresh. */
export async function releaseClaim(db: Db, claim: SubscribeClaim): Promise<void> {
  await db.delete(subscribeClaims).where(and(eq(subscribeClaims.userId, claim.userId), eq(subscribeClaims.attempt, claim.attempt)));
}

/**
 * Waits until the claim names a subscription, is replaced or released, or the wait is over.
 * Answers the claim as it then is (null when released).
 */
export async function waitForClaim(db: Db, claim: SubscribeClaim, waitMs = WAIT_FOR_OWNER_MS): Promise<SubscribeClaim | null> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const [row] = await db.select().from(subscribeClaims).where(eq(subscribeClaims.userId, claim.userId));
    if (!row || row.subscriptionId || row.attempt !== claim.attempt || Date.now() >= deadline) return row ?? null;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

export const isStale = (claim: SubscribeClaim, now = Date.now()) =>
  !claim.subscriptionId && now - claim.claimedAt.getTime() >= STALE_CLAIM_MS;
