/** Spec §7: digital data, the real-data scan, and the scan snapshot. Own user only. */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { DigitalDataSchema, RealDataScanSchema } from "../../domain/schemas/dashboard";
import { requireOwnUser } from "../auth/guard";
import { scanSnapshots } from "../db/schema";
import { HttpError } from "../plugins/errors";
import { loadDigitalData, loadDigitalDataNow, saveSummary } from "../services/digital-data";
import { userToday } from "../services/user-time";

export const UserIdParams = z.object({ userId: z.coerce.number().int().positive().max(2_147_483_647) });

export const digitalDataRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/digital-data/:userId",
    { config: { auth: true }, schema: { params: UserIdParams, response: { 200: DigitalDataSchema } } },
    async (request) => {
      const { userId } = request.params;
      requireOwnUser(request, userId);
      return loadDigitalDataNow(app.db, userId);
    },
  );

  app.post(
    "/api/real-data/scan",
    { config: { auth: true }, schema: { body: RealDataScanSchema } },
    async (request) => {
      // The body's userId is checked, never trusted: it must be the signed-in user.
      requireOwnUser(request, request.body.userId);
      const healthScore = await saveSummary(app.db, request.body.userId, request.body.summary);
      return { userId: request.body.userId, healthScore };
    },
  );

  app.post(
    "/api/digital-data/:userId/scan",
    { config: { auth: true }, schema: { params: UserIdParams } },
    async (request) => {
      const { userId } = request.params;
      requireOwnUser(request, userId);
      const today = await userToday(app.db, userId);
      const data = await loadDigitalData(app.db, userId, today);
      if (!data.summary) throw new HttpError(409, "Run a scan first");
      const [snapshot] = await app.db
        .insert(scanSnapshots)
        .values({ userId, localDate: today, healthScore: data.healthScore, summary: data.summary })
        .returning({ id: scanSnapshots.id });
      return { userId, healthScore: data.healthScore, snapshotId: snapshot!.id };
    },
  );
};
