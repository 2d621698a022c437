/**
 * The user's own filter presets (spec §3 "Filter preset", §2 Organize advanced filter).
 * Pro only (spec §6): a free user gets 403 before the body is even read. Own user only:
 * another user's preset id is a 404. A create or delete that carries the offline queue's
 * `actionId` is applied once (applied_actions), so a retried request is harmless.
 */
import { and, desc, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  CreateFilterPresetSchema,
  DeleteFilterPresetBodySchema,
  FilterPresetIdParamsSchema,
  SavedFilterPresetListSchema,
  SavedFilterPresetSchema,
  type SavedFilterPreset,
} from "../../domain/schemas/filter-preset";
import { requireUser } from "../auth/guard";
import { requirePremium } from "../auth/premium";
import type { Db } from "../db/client";
import { appliedActions, filterPresets } from "../db/schema";
import { HttpError } from "../plugins/errors";
import { ensurePresetRoom } from "../services/filter-preset-room";

const COLLECTION = "filter-presets";
type PresetRow = typeof filterPresets.$inferSelect;

/** The preset as the client sees it: the row's criteria re-validated, never the user id. */
function presentPreset(row: PresetRow): SavedFilterPreset {
  return SavedFilterPresetSchema.parse({
    id: row.id,
    name: row.name,
    description: row.description,
    category: row.category,
    criteria: row.criteria,
    isDefault: false,
    createdAt: row.createdAt.toISOString(),
  });
}

/**
 * True the first time this user applies this action id to `scope` (inside the caller's
 * transaction). The same id sent again for another scope (another preset) is a client bug,
 * not a replay: 409, so a reused id can never silently "succeed" against a different target.
 */
async function claimAction(tx: Db, userId: number, actionId: string | undefined, scope: string): Promise<boolean> {
  if (!actionId) return true;
  const claimed = await tx
    .insert(appliedActions)
    .values({ userId, actionId, collection: scope })
    .onConflictDoNothing()
    .returning({ actionId: appliedActions.actionId });
  if (claimed.length > 0) return true;
  const [earlier] = await tx
    .select({ collection: appliedActions.collection })
    .from(appliedActions)
    .where(and(eq(appliedActions.userId, userId), eq(appliedActions.actionId, actionId)));
  if (earlier && earlier.collection !== scope) throw new HttpError(409, "This action id was already used for another request");
  return false;
}

export const filterPresetRoutes: FastifyPluginAsyncZod = async (app) => {
  // Runs before body validation: a free user learns nothing about the shape of the API.
  const pro = { preValidation: async (request: Parameters<typeof requirePremium>[1]) => requirePremium(app, request) };

  app.get(
    "/api/filter-presets",
    { config: { auth: true }, ...pro, schema: { response: { 200: SavedFilterPresetListSchema } } },
    async (request) => {
      const { userId } = requireUser(request);
      const rows = await app.db
        .select()
        .from(filterPresets)
        .where(eq(filterPresets.userId, userId))
        .orderBy(filterPresets.createdAt, filterPresets.id);
      return rows.map(presentPreset);
    },
  );

  app.post(
    "/api/filter-presets",
    {
      config: { auth: true },
      ...pro,
      schema: { body: CreateFilterPresetSchema, response: { 200: SavedFilterPresetSchema, 201: SavedFilterPresetSchema } },
    },
    async (request, reply) => {
      const { userId } = requireUser(request);
      const { actionId, ...preset } = request.body;
      const result = await app.db.transaction(async (tx) => {
        if (!(await claimAction(tx as unknown as Db, userId, actionId, COLLECTION))) {
          // A replay: answer with what the first attempt stored.
          const [row] = await tx
            .select()
            .from(filterPresets)
            .where(and(eq(filterPresets.userId, userId), eq(filterPresets.name, preset.name), eq(filterPresets.category, preset.category)))
            .orderBy(desc(filterPresets.id))
            .limit(1);
          return { row, created: false };
        }
        await ensurePresetRoom(tx as unknown as Db, userId, 1);
        const [row] = await tx
          .insert(filterPresets)
          .values({ userId, name: preset.name, description: preset.description, category: preset.category, criteria: preset.criteria })
          .returning();
        return { row, created: true };
      });
      // The first attempt's preset was deleted since: the replay has nothing left to show.
      if (!result.row) throw new HttpError(409, "This preset was already created and later deleted");
      return reply.code(result.created ? 201 : 200).send(presentPreset(result.row));
    },
  );

  app.delete(
    "/api/filter-presets/:id",
    { config: { auth: true }, ...pro, schema: { params: FilterPresetIdParamsSchema, body: DeleteFilterPresetBodySchema } },
    async (request, reply) => {
      const { userId } = requireUser(request);
      const actionId = request.body?.actionId;
      await app.db.transaction(async (tx) => {
        const first = await claimAction(tx as unknown as Db, userId, actionId, `${COLLECTION}/${request.params.id}`);
        const removed = await tx
          .delete(filterPresets)
          .where(and(eq(filterPresets.id, request.params.id), eq(filterPresets.userId, userId)))
          .returning({ id: filterPresets.id });
        // Thrown inside the transaction so the action id is not kept for a refused delete.
        // Another user's preset reads exactly like a missing one.
        if (removed.length === 0 && first) throw new HttpError(404, "Not found");
      });
      return reply.code(204).send();
    },
  );
};
