/**
 * The server half of Pro gating (spec §6, ARCHITECTURE principle 3): a Pro-only route calls
 * `await requirePremium(app, request)` after its auth guard. The status is read from the
 * database on every call and passed through effectiveStatus, so an ended trial or an
 * expired past-due grace period loses access on time, with no timer.
 */
import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { hasPremiumAccess } from "../../domain/schemas/auth";
import { effectiveStatus } from "../../domain/subscription";
import { users } from "../db/schema";
import { HttpError } from "../plugins/errors";
import { requireUser } from "./guard";

export const PREMIUM_REQUIRED = "This feature needs CleanSpace Pro";

/** 401 without a session; 403 `{ error: 'This feature needs CleanSpace Pro' }` for free users. */
export async function requirePremium(app: Pick<FastifyInstance, "db">, request: FastifyRequest): Promise<void> {
  const { userId } = requireUser(request);
  const [row] = await app.db
    .select({ subscriptionStatus: users.subscriptionStatus, trialEndsAt: users.trialEndsAt, pastDueSince: users.pastDueSince })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw new HttpError(401, "Authentication required");
  if (!hasPremiumAccess(effectiveStatus(row))) throw new HttpError(403, PREMIUM_REQUIRED);
}
