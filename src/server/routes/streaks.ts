/** Spec §7: GET /api/streaks/{userId} and POST /api/streaks/{userId}/update. Own user only. */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { StreakSchema, StreakUpdateSchema } from "../../domain/schemas/streak";
import { requireOwnUser } from "../auth/guard";
import { getStreak, touchStreak } from "../services/streaks";
import { userToday } from "../services/user-time";
import { UserIdParams } from "./digital-data";

export const streakRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/streaks/:userId",
    { config: { auth: true }, schema: { params: UserIdParams, response: { 200: StreakSchema } } },
    async (request) => {
      const { userId } = request.params;
      requireOwnUser(request, userId);
      return getStreak(app.db, userId, await userToday(app.db, userId));
    },
  );

  app.post(
    "/api/streaks/:userId/update",
    { config: { auth: true }, schema: { params: UserIdParams, body: StreakUpdateSchema, response: { 200: StreakSchema } } },
    async (request) => {
      const { userId } = request.params;
      requireOwnUser(request, userId);
      return touchStreak(app.db, userId, await userToday(app.db, userId, request.body?.timezone));
    },
  );
};
