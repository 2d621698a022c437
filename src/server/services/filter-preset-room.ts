/** The per-user bound on saved filter presets, shared by create and restore. */
import { count, eq } from "drizzle-orm";
import { MAX_PRESETS_PER_USER, TOO_MANY_PRESETS } from "../../domain/schemas/filter-preset";
import type { Db } from "../db/client";
import { filterPresets, users } from "../db/schema";
import { HttpError } from "../plugins/errors";

/**
 * Refuses (409) when the user would keep more than MAX_PRESETS_PER_USER presets after
 * `adding` more. Locks the user's row first, so concurrent creates and restores of one user
 * are counted one after the other (issue 39 #5). Inside the caller's transaction.
 */
export async function ensurePresetRoom(tx: Db, userId: number, adding: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
  const [row] = await tx.select({ n: count() }).from(filterPresets).where(eq(filterPresets.userId, userId));
  if ((row?.n ?? 0) + adding > MAX_PRESETS_PER_USER) throw new HttpError(409, TOO_MANY_PRESETS);
}
