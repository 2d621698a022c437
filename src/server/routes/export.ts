/**
 * Export, backup and restore (spec §2 Insights → Export, §3 Export history item, §6
 * requiresAuth, privacy right to data portability). Own user only, always.
 * - POST /api/users/{id}/export            the user's server data as a JSON attachment: free,
 *                                          it is their right (a history row is written, so it
 *                                          is a POST: a cross-site link cannot trigger it);
 *   POST /api/users/{id}/export {"for":"backup"} the same data for the Full Export / Backup archive: Pro.
 * - POST /api/users/{id}/restore           settings and filter presets from a backup, in one
 *                                          transaction: Pro.
 * - GET  /api/users/{id}/export-history    newest first: Pro.
 * - POST /api/users/{id}/export-history    a local-only export the client made; the
 *                                          requiresAuth types are Pro (403 for free users).
 * docs/decisions/006-insights.md explains the split.
 */
import { Readable } from "node:stream";
import { and, desc, eq, notInArray, or } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { exportFileName, REQUIRES_PRO, type ExportType } from "../../domain/backup";
import {
  CreateExportHistorySchema,
  ExportHistoryItemSchema,
  ExportHistoryListSchema,
  RestoreResultSchema,
  RestoreSchema,
  type ExportHistoryItem,
} from "../../domain/schemas/export";
import { isValidTimeZone } from "../../domain/dates";
import { requireOwnUser } from "../auth/guard";
import { requirePremium } from "../auth/premium";
import type { Db } from "../db/client";
import { exportHistory, filterPresets, userSettings } from "../db/schema";
import { fieldError } from "../plugins/errors";
import { ensurePresetRoom } from "../services/filter-preset-room";
import { accountExportStream } from "../services/insights-export";
import { streamJsonDocument } from "../services/json-stream";
import { enforceLimit } from "../services/rate-limit";
import { userToday } from "../services/user-time";

const IdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export const ExportRequestSchema = z.strictObject({ for: z.literal("backup").optional() });
/** History rows kept per user; older ones are pruned when a new one is written. */
export const HISTORY_KEEP = 100;

type HistoryRow = typeof exportHistory.$inferSelect;
const presentHistory = (r: HistoryRow): ExportHistoryItem =>
  ExportHistoryItemSchema.parse({ id: r.id, type: r.type, name: r.name, date: r.createdAt.toISOString(), size: r.size, status: r.status });

export const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  const pro = { preValidation: async (request: Parameters<typeof requirePremium>[1]) => requirePremium(app, request) };

  async function recordExport(
    userId: number,
    entry: { type: ExportType; name: string; size: number; status: string },
  ): Promise<HistoryRow> {
    return app.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(exportHistory)
        .values({ userId, ...entry })
        .returning();
      const keep = tx
        .select({ id: exportHistory.id })
        .from(exportHistory)
        .where(eq(exportHistory.userId, userId))
        .orderBy(desc(exportHistory.id))
        .limit(HISTORY_KEEP);
      await tx.delete(exportHistory).where(and(eq(exportHistory.userId, userId), notInArray(exportHistory.id, keep)));
      return row!;
    });
  }

  app.post(
    "/api/users/:id/export",
    { config: { auth: true }, schema: { params: IdParams, body: ExportRequestSchema } },
    async (request, reply) => {
      const userId = request.params.id;
      requireOwnUser(request, userId);
      const forBackup = request.body.for === "backup";
      if (forBackup) await requirePremium(app, request);
      // The export reads every row the user has: bounded per user.
      await enforceLimit(app.limiter, `quota:export:${userId}`, app.limits.exportsPerHour, 3600_000);
      const today = await userToday(app.db, userId);
      const { head, pages } = await accountExportStream(app.db, userId, today);
      const name = exportFileName.accountData(today);
      // Streamed a page of rows at a time; the history row records what was
      // actually written, once the last byte is out.
      async function* body() {
        let size = 0;
        for await (const chunk of streamJsonDocument(head, pages)) {
          size += Buffer.byteLength(chunk);
          yield chunk;
        }
        if (!forBackup) await recordExport(userId, { type: "account-data", name, size, status: "completed" });
      }
      return reply
        .header("content-type", "application/json; charset=utf-8")
        .header("content-disposition", `attachment; filename="${name}"`)
        .header("cache-control", "private, no-store")
        .send(Readable.from(body()));
    },
  );

  app.post(
    "/api/users/:id/restore",
    { config: { auth: true }, ...pro, schema: { params: IdParams, body: RestoreSchema, response: { 200: RestoreResultSchema } } },
    async (request) => {
      const userId = request.params.id;
      requireOwnUser(request, userId);
      const { settings, filterPresets: presets } = request.body;
      if (!isValidTimeZone(settings.timezone)) throw fieldError("settings.timezone", "Unknown time zone");
      // All or nothing: a failure anywhere leaves settings and presets as they were.
      await app.db.transaction(async (tx) => {
        const values = { ...settings, updatedAt: new Date() };
        await tx
          .insert(userSettings)
          .values({ userId, ...values })
          .onConflictDoUpdate({ target: userSettings.userId, set: values });
        if (presets.length > 0) {
          // A backup preset replaces the user's preset of the same name and category; others
          // stay. One statement, not one per preset: on PGlite every other request waits
          // while this transaction is open.
          const sameNamed = presets.map((p) => and(eq(filterPresets.category, p.category), eq(filterPresets.name, p.name)));
          await tx.delete(filterPresets).where(and(eq(filterPresets.userId, userId), or(...sameNamed)));
          await ensurePresetRoom(tx as unknown as Db, userId, presets.length);
          await tx
            .insert(filterPresets)
            .values(presets.map((p) => ({ userId, name: p.name, description: p.description, category: p.category, criteria: p.criteria })));
        }
      });
      return { settings: true as const, filterPresets: presets.length };
    },
  );

  app.get(
    "/api/users/:id/export-history",
    { config: { auth: true }, ...pro, schema: { params: IdParams, response: { 200: ExportHistoryListSchema } } },
    async (request) => {
      const userId = request.params.id;
      requireOwnUser(request, userId);
      const rows = await app.db
        .select()
        .from(exportHistory)
        .where(eq(exportHistory.userId, userId))
        .orderBy(desc(exportHistory.createdAt), desc(exportHistory.id))
        .limit(HISTORY_KEEP);
      return rows.map(presentHistory);
    },
  );

  app.post(
    "/api/users/:id/export-history",
    { config: { auth: true }, schema: { params: IdParams, body: CreateExportHistorySchema, response: { 201: ExportHistoryItemSchema } } },
    async (request, reply) => {
      const userId = request.params.id;
      requireOwnUser(request, userId);
      if (REQUIRES_PRO.has(request.body.type)) await requirePremium(app, request);
      const row = await recordExport(userId, request.body);
      return reply.code(201).send(presentHistory(row));
    },
  );
};
