/**
 * Test-only (NODE_ENV=test): lets browser suites read the mail the app "sent", the way a
 * user reads their inbox. Never registered in development or production.
 */
import { desc, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { mailOutbox } from "../db/schema";

export const testOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/api/test/outbox", { schema: { querystring: z.object({ to: z.string() }) } }, async (request) => {
    return app.db
      .select({ to: mailOutbox.to, subject: mailOutbox.subject, text: mailOutbox.text })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, request.query.to.toLowerCase()))
      .orderBy(desc(mailOutbox.id));
  });
};
