/** GET/PATCH /api/settings: the signed-in user's own settings. */
import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { isValidTimeZone } from "../../domain/dates";
import { DEFAULT_SETTINGS, SettingsPatchSchema, SettingsSchema, type Settings } from "../../domain/schemas/settings";
import { requireUser } from "../auth/guard";
import type { Db } from "../db/client";
import { userSettings } from "../db/schema";
import { fieldError } from "../plugins/errors";

async function readSettings(db: Db, userId: number): Promise<Settings> {
  const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, userId));
  if (!row) return DEFAULT_SETTINGS;
  // Field by field, so one stale value (say, a time zone a runtime no longer knows) keeps the rest.
  const merged: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(SettingsSchema.shape)) {
    const value = (row as Record<string, unknown>)[key];
    merged[key] = field.safeParse(value).success ? value : DEFAULT_SETTINGS[key as keyof Settings];
  }
  return merged as Settings;
}

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/api/settings", { config: { auth: true }, schema: { response: { 200: SettingsSchema } } }, async (request) => {
    return readSettings(app.db, requireUser(request).userId);
  });

  app.patch(
    "/api/settings",
    { config: { auth: true }, schema: { body: SettingsPatchSchema, response: { 200: SettingsSchema } } },
    async (request) => {
      const { userId } = requireUser(request);
      const patch = request.body;
      if (patch.timezone !== undefined && !isValidTimeZone(patch.timezone)) throw fieldError("timezone", "Unknown time zone");
      const values = { ...patch, updatedAt: new Date() };
      await app.db
        .insert(userSettings)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: userSettings.userId, set: values });
      return readSettings(app.db, userId);
    },
  );
};
