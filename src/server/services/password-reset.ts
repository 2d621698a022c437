/**
 * Reset tokens: 32 random bytes, only their SHA-256 stored, one hour, one use. Whenever the
 * password changes (by reset or in Settings) every other outstanding token of the user is
 * void too: an old mail in someone's inbox no longer opens the account.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../db/client";
import { passwordResetTokens, users } from "../db/schema";

export const RESET_TTL_MS = 3600_000;

const sha256 = (token: string) => createHash("sha256").update(token).digest("hex");

/** A new token for the user; returns the plaintext (for the mail only, never stored). */
export async function issueResetToken(db: Db, userId: number, now = new Date()): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.insert(passwordResetTokens).values({ tokenHash: sha256(token), userId, expiresAt: new Date(now.getTime() + RESET_TTL_MS) });
  return token;
}

/** The name and address of the account a live token opens (without using it), or null. */
export async function resetTokenOwner(db: Db, token: string, now = new Date()): Promise<{ name: string; email: string } | null> {
  const [row] = await db
    .select({ name: users.name, email: users.email })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(
      and(eq(passwordResetTokens.tokenHash, sha256(token)), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)),
    );
  return row ?? null;
}

/** Claims a live token atomically (a second use finds nothing); the user's id, or null. */
export async function claimResetToken(db: Db, token: string, now = new Date()): Promise<number | null> {
  const [claimed] = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(
      and(eq(passwordResetTokens.tokenHash, sha256(token)), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)),
    )
    .returning({ userId: passwordResetTokens.userId });
  return claimed?.userId ?? null;
}

/** Voids every reset token of the user (the password just changed). */
export async function revokeResetTokens(db: Db, userId: number): Promise<void> {
  await db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
}
