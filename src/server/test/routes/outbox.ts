/**
 * Test-only (src/server/test/routes/, never in the production bundle): lets browser suites read the mail the app "sent", the way a
 * user reads their inbox. Only the test server (test/main.ts) and the API test app register it.
 */
import { desc, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { mailOutbox } from "../../db/schema";

export const testOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/api/test/outbox", { schema: { querystring: z.object({ to: z.string() }) } }, async (request) => {
    return app.db
      .select({ to: mailOutbox.to, subject: mailOutbox.subject, text: mailOutbox.text })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, request.query.to.toLowerCase()))
      .orderBy(desc(mailOutbox.id));
  });
};
