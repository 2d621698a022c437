/**
 * Changing the sign-in address. The current password starts it; nothing
 * changes until the new address confirms (24 h); the old address is told at once and can
 * undo it for 7 days, which also signs every device out and sends a reset link. Only
 * SHA-256 of each token is stored; a new request replaces one still waiting.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../db/client";
import { emailChanges, users } from "../db/schema";

export const CONFIRM_TTL_MS = 24 * 3600_000;
export const UNDO_TTL_MS = 7 * 24 * 3600_000;

const sha256 = (token: string) => createHash("sha256").update(token).digest("hex");
const newToken = () => randomBytes(32).toString("base64url");

export async function startEmailChange(db: Db, user: { id: number; email: string }, newEmail: string, now = new Date()) {
  const confirmToken = newToken();
  const undoToken = newToken();
  await db.transaction(async (tx) => {
    await tx
      .delete(emailChanges)
      .where(and(eq(emailChanges.userId, user.id), isNull(emailChanges.confirmedAt), isNull(emailChanges.revertedAt)));
    await tx.insert(emailChanges).values({
      userId: user.id,
      oldEmail: user.email,
      newEmail,
      confirmTokenHash: sha256(confirmToken),
      revertTokenHash: sha256(undoToken),
      confirmExpiresAt: new Date(now.getTime() + CONFIRM_TTL_MS),
      revertExpiresAt: new Date(now.getTime() + UNDO_TTL_MS),
      createdAt: now,
    });
  });
  return { confirmToken, undoToken, expiresAt: new Date(now.getTime() + CONFIRM_TTL_MS) };
}

/**
 * Ends every change still waiting for its confirmation (issue 39 #4): after a password
 * change or reset, a change started with the old password must not be confirmable. Confirmed
 * changes keep their undo link: that belongs to the owner of the old address.
 */
export async function cancelPendingEmailChanges(db: Db, userId: number): Promise<void> {
  await db
    .delete(emailChanges)
    .where(and(eq(emailChanges.userId, userId), isNull(emailChanges.confirmedAt), isNull(emailChanges.revertedAt)));
}

export async function pendingEmailChange(db: Db, userId: number, now = new Date()) {
  const [row] = await db
    .select({ newEmail: emailChanges.newEmail, expiresAt: emailChanges.confirmExpiresAt })
    .from(emailChanges)
    .where(
      and(
        eq(emailChanges.userId, userId),
        isNull(emailChanges.confirmedAt),
        isNull(emailChanges.revertedAt),
        gt(emailChanges.confirmExpiresAt, now),
      ),
    );
  return row ?? null;
}

export type ChangeOutcome = { userId: number; email: string } | "invalid" | "taken";

/** The new address confirms: the account's address changes and counts as verified. */
export async function confirmEmailChange(db: Db, token: string, now = new Date()): Promise<ChangeOutcome> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(emailChanges)
      .set({ confirmedAt: now })
      .where(
        and(
          eq(emailChanges.confirmTokenHash, sha256(token)),
          isNull(emailChanges.confirmedAt),
          isNull(emailChanges.revertedAt),
          gt(emailChanges.confirmExpiresAt, now),
        ),
      )
      .returning();
    if (!row) return "invalid";
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, row.newEmail));
    if (taken) return "taken";
    const [user] = await tx
      .update(users)
      .set({ email: row.newEmail, emailVerifiedAt: now })
      .where(and(eq(users.id, row.userId), eq(users.email, row.oldEmail)))
      .returning({ id: users.id, email: users.email });
    return user ? { userId: user.id, email: user.email } : "invalid";
  });
}

/** The old address undoes the change (confirmed or not): the account gets its address back. */
export async function undoEmailChange(db: Db, token: string, now = new Date()): Promise<ChangeOutcome> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(emailChanges)
      .set({ revertedAt: now })
      .where(and(eq(emailChanges.revertTokenHash, sha256(token)), isNull(emailChanges.revertedAt), gt(emailChanges.revertExpiresAt, now)))
      .returning();
    if (!row) return "invalid";
    if (row.confirmedAt) {
      const [holder] = await tx.select({ id: users.id }).from(users).where(eq(users.email, row.oldEmail));
      if (holder && holder.id !== row.userId) return "taken";
      await tx.update(users).set({ email: row.oldEmail }).where(eq(users.id, row.userId));
    }
    return { userId: row.userId, email: row.oldEmail };
  });
}
