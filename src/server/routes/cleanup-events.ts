/**
 * POST /api/cleanup-events: real cleanup the user did, recorded once per client id. It
 * moves today's goal and the streak. DELETE retracts one (undo). Own user only: the
 * user is the session's, never a body field.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { CleanupEventResultSchema, CleanupEventSchema } from "../../domain/schemas/cleanup-event";
import { joinedOf, requireUser, type SessionJoin } from "../auth/guard";
import { compiledSerializer } from "../plugins/compiled-serializer";
import { HttpError } from "../plugins/errors";
import { readEventStateWithSession, recordCleanupEvent, retractCleanupEvent, type EventState } from "../services/cleanup-events";

const DAY_MS = 24 * 3600_000;

const eventStateJoin: SessionJoin<EventState> = () => readEventStateWithSession;

export const cleanupEventRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/api/cleanup-events",
    {
      config: { auth: true, sessionJoin: eventStateJoin },
      schema: { body: CleanupEventSchema, response: { 200: CleanupEventResultSchema } },
      serializerCompiler: compiledSerializer,
    },
    async (request) => {
      const { userId } = requireUser(request);
      const { clientId, actionId, category, action, items, bytesFreed, timezone } = request.body;
      const event = { clientId: (clientId ?? actionId)!, category, action, items, bytesFreed, timezone };
      // Events are history rows every Insights read sums: bounded per user,
      // counted in the insert's own statement.
      const quota = { max: app.limits.cleanupEventsPerDay, windowMs: DAY_MS };
      return recordCleanupEvent(app.db, userId, event, quota, new Date(), joinedOf(request, eventStateJoin));
    },
  );

  app.delete(
    "/api/cleanup-events/:clientId",
    { config: { auth: true }, schema: { params: z.object({ clientId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/) }) } },
    async (request, reply) => {
      const { userId } = requireUser(request);
      if (!(await retractCleanupEvent(app.db, userId, request.params.clientId))) throw new HttpError(404, "Not found");
      return reply.code(204).send();
    },
  );
};
