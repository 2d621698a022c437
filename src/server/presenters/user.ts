import type { PublicUser } from "../../domain/schemas/auth";
import { effectiveStatus } from "../../domain/subscription";
import type { users } from "../db/schema";

type UserRow = typeof users.$inferSelect;

/** The user as the client may see it: never the password hash or payment ids. */
export function presentUser(row: UserRow, now = new Date()): PublicUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    subscriptionStatus: effectiveStatus(row, now),
    trialEndsAt: row.trialEndsAt ? row.trialEndsAt.toISOString() : null,
  };
}
