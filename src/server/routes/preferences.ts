/**
 * GET/PUT /api/preferences (spec §3 preferences): primaryGoal and dataTypes,
 * asked once after registration. The answer — chosen or skipped — marks the account's
 * onboardingCompleted, so the question never returns; Settings edits them later.
 */
import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { PreferencesAnswerSchema, PreferencesStateSchema, type PreferencesState } from "../../domain/preferences";
import { requireUser } from "../auth/guard";
import type { Db } from "../db/client";
import { userSettings, users } from "../db/schema";
import { presentPreferences } from "../presenters/preferences";

async function readPreferences(db: Db, userId: number): Promise<PreferencesState> {
  const [row] = await db
    .select({ asked: users.onboardingCompleted, primaryGoal: userSettings.primaryGoal, dataTypes: userSettings.dataTypes })
    .from(users)
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .where(eq(users.id, userId));
  return presentPreferences(row ?? { asked: false, primaryGoal: null, dataTypes: null });
}

export const preferencesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/api/preferences", { config: { auth: true }, schema: { response: { 200: PreferencesStateSchema } } }, async (request) => {
    return readPreferences(app.db, requireUser(request).userId);
  });

  app.put(
    "/api/preferences",
    { config: { auth: true }, schema: { body: PreferencesAnswerSchema, response: { 200: PreferencesStateSchema } } },
    async (request) => {
      const { userId } = requireUser(request);
      const answer = request.body;
      await app.db.transaction(async (tx) => {
        if (!("skipped" in answer)) {
          const values = { primaryGoal: answer.primaryGoal, dataTypes: answer.dataTypes, updatedAt: new Date() };
          await tx
            .insert(userSettings)
            .values({ userId, ...values })
            .onConflictDoUpdate({ target: userSettings.userId, set: values });
        }
        await tx.update(users).set({ onboardingCompleted: true }).where(eq(users.id, userId));
      });
      return readPreferences(app.db, userId);
    },
  );
};
