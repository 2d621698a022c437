/** Spec §7: digital data, the real-data scan, and the scan snapshot. Own user only. */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { DigitalDataSchema, RealDataScanSchema } from "../../domain/schemas/digital-data";
import { joinedOf, requireOwnUser, type SessionJoin } from "../auth/guard";
import { compiledSerializer } from "../plugins/compiled-serializer";
import { HttpError } from "../plugins/errors";
import {
  loadDigitalData,
  presentDigitalDataRead,
  readDigitalDataWithSession,
  recordSnapshot,
  saveScanWithSnapshot,
  saveSummary,
  type DigitalDataRead,
} from "../services/digital-data";
import { enforceLimit } from "../services/rate-limit";
import { userToday } from "../services/user-time";

export const UserIdParams = z.object({ userId: z.coerce.number().int().positive().max(2_147_483_647) });

const digitalDataJoin: SessionJoin<DigitalDataRead> = (request) => {
  const params = UserIdParams.safeParse(request.params);
  return params.success ? readDigitalDataWithSession(params.data.userId) : null;
};

const DAY_MS = 24 * 3600_000;

export const digitalDataRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/digital-data/:userId",
    {
      config: { auth: true, sessionJoin: digitalDataJoin },
      schema: { params: UserIdParams, response: { 200: DigitalDataSchema } },
      serializerCompiler: compiledSerializer,
    },
    async (request) => {
      const { userId } = request.params;
      requireOwnUser(request, userId);
      const read = joinedOf(request, digitalDataJoin);
      // Without the joined read (the hook always joins for valid params), read it the long way.
      return read ? presentDigitalDataRead(userId, read) : loadDigitalData(app.db, userId, await userToday(app.db, userId));
    },
  );

  app.post("/api/real-data/scan", { config: { auth: true }, schema: { body: RealDataScanSchema } }, async (request) => {
    // The body's userId is checked, never trusted: it must be the signed-in user.
    const { userId, summary, snapshot } = request.body;
    requireOwnUser(request, userId);
    await enforceLimit(app.limiter, `quota:scans:${userId}`, app.limits.scansPerDay, DAY_MS);
    if (!snapshot) return { userId, healthScore: await saveSummary(app.db, userId, summary) };
    // A finished scan: summary and snapshot in one transaction (the client's one write).
    await enforceLimit(app.limiter, `quota:snapshots:${userId}`, app.limits.snapshotsPerDay, DAY_MS);
    return { userId, ...(await saveScanWithSnapshot(app.db, userId, summary, await userToday(app.db, userId))) };
  });

  app.post("/api/digital-data/:userId/scan", { config: { auth: true }, schema: { params: UserIdParams } }, async (request) => {
    const { userId } = request.params;
    requireOwnUser(request, userId);
    // Snapshots are history rows the Insights screen reads: bounded per user.
    await enforceLimit(app.limiter, `quota:snapshots:${userId}`, app.limits.snapshotsPerDay, DAY_MS);
    const today = await userToday(app.db, userId);
    const data = await loadDigitalData(app.db, userId, today);
    if (!data.summary) throw new HttpError(409, "Run a scan first");
    const snapshotId = await recordSnapshot(app.db, userId, data.summary, data.healthScore, today);
    return { userId, healthScore: data.healthScore, snapshotId };
  });
};
