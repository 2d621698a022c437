/**
 * Proving a new account's e-mail address (a card-free trial waits for it). A random
 * token goes out by mail; only its SHA-256 is stored, and it is single-use and expires.
 */
import { randomBytes } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import { hashToken } from "../auth/sessions";
import type { Db } from "../db/client";
import { emailVerificationTokens, users } from "../db/schema";

export const VERIFY_TOKEN_DAYS = 3;
const DAY_MS = 24 * 3600 * 1000;

/** A new single-use link proving this user's current address (mailed by the caller). */
export async function issueVerificationLink(db: Db, origin: string, user: { id: number; email: string }): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.insert(emailVerificationTokens).values({
    tokenHash: hashToken(token),
    userId: user.id,
    email: user.email,
    expiresAt: new Date(Date.now() + VERIFY_TOKEN_DAYS * DAY_MS),
  });
  return `${origin}/verify-email?token=${token}`;
}

/**
 * Marks the address verified if the token is live and the account still has the address it
 * was sent to. Returns false for an unknown, used or expired token.
 */
export async function confirmEmail(db: Db, token: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(emailVerificationTokens)
      .where(and(eq(emailVerificationTokens.tokenHash, hashToken(token)), gt(emailVerificationTokens.expiresAt, new Date())))
      .returning();
    if (!row) return false;
    const updated = await tx
      .update(users)
      .set({ emailVerifiedAt: new Date() })
      .where(and(eq(users.id, row.userId), eq(users.email, row.email)))
      .returning({ id: users.id });
    // Other links for the same account are spent too.
    await tx.delete(emailVerificationTokens).where(eq(emailVerificationTokens.userId, row.userId));
    return updated.length > 0;
  });
}
