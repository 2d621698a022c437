/**
 * GET /api/insights/{userId} and POST /api/insights/{userId}/dismiss (spec §2 Insights,
 * §4 Suggestion). Pro only (spec §6): a free user gets 403 before anything else is read;
 * own user only: another user's id is a 404.
 */
import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { DismissResultSchema, DismissSuggestionSchema, InsightsSchema } from "../../domain/schemas/insights";
import { MAX_DISMISSED } from "../../domain/suggestions";
import { requireOwnUser } from "../auth/guard";
import { requirePremium } from "../auth/premium";
import { userSettings } from "../db/schema";
import { loadInsights } from "../services/insights";
import { enforceLimit } from "../services/rate-limit";
import { UserIdParams } from "./digital-data";

export const insightsRoutes: FastifyPluginAsyncZod = async (app) => {
  const pro = { preValidation: async (request: Parameters<typeof requirePremium>[1]) => requirePremium(app, request) };

  app.get(
    "/api/insights/:userId",
    { config: { auth: true }, ...pro, schema: { params: UserIdParams, response: { 200: InsightsSchema } } },
    async (request, reply) => {
      const { userId } = request.params;
      requireOwnUser(request, userId);
      await enforceLimit(app.limiter, `quota:insights:${userId}`, app.limits.insightsPerHour, 3600_000);
      reply.header("cache-control", "private, no-store");
      return loadInsights(app.db, userId);
    },
  );

  app.post(
    "/api/insights/:userId/dismiss",
    {
      config: { auth: true },
      ...pro,
      schema: { params: UserIdParams, body: DismissSuggestionSchema, response: { 200: DismissResultSchema } },
    },
    async (request) => {
      const { userId } = request.params;
      requireOwnUser(request, userId);
      const id = request.body.suggestionId;
      const dismissed = await app.db.transaction(async (tx) => {
        const [row] = await tx
          .select({ d: userSettings.dismissedSuggestions })
          .from(userSettings)
          .where(eq(userSettings.userId, userId))
          .for("update");
        const current = row?.d ?? [];
        // Remembered across devices; the oldest fall off past the cap.
        const next = current.includes(id) ? current : [...current, id].slice(-MAX_DISMISSED);
        await tx
          .insert(userSettings)
          .values({ userId, dismissedSuggestions: next })
          .onConflictDoUpdate({ target: userSettings.userId, set: { dismissedSuggestions: next, updatedAt: new Date() } });
        return next;
      });
      return { dismissed };
    },
  );
};
