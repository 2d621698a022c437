import { and, eq, sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { TipSchema } from "../../domain/schemas/tip";
import { tips } from "../db/schema";
import { HttpError } from "../plugins/errors";

export const tipRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/api/tips/random", { schema: { response: { 200: TipSchema } } }, async (_request, reply) => {
    const [tip] = await app.db
      .select({ id: tips.id, category: tips.category, title: tips.title, content: tips.content })
      .from(tips)
      .where(and(eq(tips.isActive, true)))
      .orderBy(sql`random()`)
      .limit(1);
    if (!tip) throw new HttpError(404, "No tips available");
    // The client caches a tip for 5 minutes (spec §9); the server does not pin one.
    reply.header("cache-control", "no-store");
    return tip;
  });
};
