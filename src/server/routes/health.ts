import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/health",
    {
      schema: {
        response: {
          200: z.object({ status: z.literal("ok"), database: z.enum(["pglite", "postgres"]) }),
          503: z.object({ status: z.literal("unavailable"), error: z.string() }),
        },
      },
    },
    async (_request, reply) => {
      try {
        await app.database.ping();
        return { status: "ok" as const, database: app.database.kind };
      } catch {
        return reply.code(503).send({ status: "unavailable" as const, error: "Database unreachable" });
      }
    },
  );
};
