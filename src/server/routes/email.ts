/**
 * A user's mailbox over IMAP. Every route acts for the signed-in user only (the
 * connection registry is keyed by the session's user id; no route takes a user id). The
 * password is used to log in and kept only if the user asks to stay connected (sealed with
 * IMAP_SECRET_KEY); the OAuth sign-in is in routes/email-oauth.ts. Folder names and message
 * metadata (senders, subjects) are streamed through and never stored or logged; only
 * the aggregates are saved.
 */
import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import type { ImapFlow } from "imapflow";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  EmailActionResultSchema,
  EmailActionSchema,
  EmailConnectionSchema,
  EmailConnectSchema,
  EmailListSchema,
  EmailUndoSchema,
  MailFoldersSchema,
  EmailUnsubscribeResultSchema,
  EmailUnsubscribeSchema,
  RENUMBERED_ERROR,
  type EmailAggregates,
  type ListLine,
} from "../../domain/schemas/email";
import { requireUser } from "../auth/guard";
import { mailAccounts } from "../db/schema";
import { adjustEmailAggregates, saveEmailAggregates } from "../email/aggregates";
import { createMailAccess } from "../email/mail-access";
import { listFolders } from "../email/folders";
import { applyAction, listMail, StaleSession, undoAction, unsubscribeOf } from "../email/mailbox";
import { postOneClick } from "../email/one-click";
import { seal } from "../email/secret-box";
import { HttpError } from "../plugins/errors";
import { enforceLimit } from "../services/rate-limit";

const MINUTE = 60_000;

export const emailRoutes: FastifyPluginAsyncZod = async (app) => {
  const env = app.env;
  const access = createMailAccess(app);
  const { allow, testCa, ensureOpen, connectionOf } = access;
  const connections = app.mailboxes;
  const m = env.RATE_LIMIT_MULTIPLIER;

  app.get("/api/email/connection", { config: { auth: true }, schema: { response: { 200: EmailConnectionSchema } } }, async (request) => {
    return connectionOf(requireUser(request).userId);
  });

  app.post(
    "/api/email/connect",
    { config: { auth: true }, schema: { body: EmailConnectSchema, response: { 200: EmailConnectionSchema } } },
    async (request) => {
      const { userId } = requireUser(request);
      await access.limitConnects(userId);
      const { host, port, username, password, stayConnected } = request.body;
      if (stayConnected && !env.IMAP_SECRET_KEY)
        throw new HttpError(400, "This server cannot keep mailbox passwords; connect without “Stay connected”.");
      await access.connect(userId, { host, port, username, secret: { password } }, "password");
      if (stayConnected) {
        const row = {
          host,
          port,
          username,
          sealedPassword: seal(env.IMAP_SECRET_KEY!, userId, password),
          oauthProvider: null,
          sealedRefreshToken: null,
        };
        await app.db
          .insert(mailAccounts)
          .values({ userId, ...row })
          .onConflictDoUpdate({ target: mailAccounts.userId, set: { ...row, createdAt: new Date() } });
      } else {
        await app.db.delete(mailAccounts).where(eq(mailAccounts.userId, userId));
      }
      return connectionOf(userId);
    },
  );

  app.delete("/api/email/connection", { config: { auth: true } }, async (request, reply) => {
    await access.forget(requireUser(request).userId);
    return reply.code(204).send();
  });

  app.get("/api/email/folders", { config: { auth: true }, schema: { response: { 200: MailFoldersSchema } } }, async (request) => {
    const { userId } = requireUser(request);
    await enforceLimit(app.limiter, `email:list:${userId}`, 60 * m, 60 * MINUTE);
    await ensureOpen(userId);
    const folders = await connections.use(userId, ({ client }) => listFolders(client)).catch(lost(userId));
    return { folders };
  });

  app.post("/api/email/list", { config: { auth: true }, schema: { body: EmailListSchema } }, async (request, reply) => {
    const { userId } = requireUser(request);
    const chosen = request.body.folders;
    await enforceLimit(app.limiter, `email:list:${userId}`, 60 * m, 60 * MINUTE);
    await ensureOpen(userId);
    // The stream holds the connection's queue slot until it ends, so actions wait for the listing.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const ready = new Promise<ImapFlow>((resolve, reject) => {
      connections
        .use(userId, async ({ client }) => {
          resolve(client);
          await released;
        })
        .catch(reject);
    });
    const client = await ready;
    async function* lines(): AsyncGenerator<string> {
      try {
        let aggregates: EmailAggregates | null = null;
        for await (const line of listMail(client, chosen, async (t) => void (aggregates = await saveEmailAggregates(app.db, userId, t)))) {
          yield `${JSON.stringify(line)}\n`;
          // A refusal (a folder that is gone) ends the listing; the connection is fine.
          if (line.t === "error") return;
        }
        if (!aggregates) throw new Error("listing ended without totals");
        yield `${JSON.stringify({ t: "done", aggregates } satisfies ListLine)}\n`;
      } catch (err) {
        if (err instanceof StaleSession && (await connections.renew(userId).catch(() => null))) {
          // The server rebuilt a folder under this IMAP connection: a fresh connection lists it as it is now.
          yield `${JSON.stringify({ t: "error", error: `${RENUMBERED_ERROR} the folder “${err.message}” while it was being listed. List your mail again.` } satisfies ListLine)}\n`;
          return;
        }
        // A dropped connection mid-fetch: say so, and forget the broken connection.
        void connections.close(userId);
        yield `${JSON.stringify({ t: "error", error: "The connection to the mail server was lost while listing. Try again." } satisfies ListLine)}\n`;
      } finally {
        release();
      }
    }
    return reply.header("content-type", "application/x-ndjson; charset=utf-8").send(Readable.from(lines()));
  });

  app.post(
    "/api/email/actions",
    { config: { auth: true }, schema: { body: EmailActionSchema, response: { 200: EmailActionResultSchema } } },
    async (request) => {
      const { userId } = requireUser(request);
      await enforceLimit(app.limiter, `email:actions:${userId}`, 300 * m, 60 * MINUTE);
      await ensureOpen(userId);
      const { action, targets } = request.body;
      const outcome = await onFreshSession(userId, (client) => applyAction(client, action, targets)).catch(lost(userId));
      const aggregates = await adjustEmailAggregates(app.db, userId, outcome.delta);
      return { action, count: outcome.count, undo: outcome.undo, aggregates };
    },
  );

  app.post(
    "/api/email/undo",
    { config: { auth: true }, schema: { body: EmailUndoSchema, response: { 200: EmailActionResultSchema } } },
    async (request) => {
      const { userId } = requireUser(request);
      await enforceLimit(app.limiter, `email:actions:${userId}`, 300 * m, 60 * MINUTE);
      await ensureOpen(userId);
      const { action, targets } = request.body;
      const outcome = await onFreshSession(userId, (client) => undoAction(client, action, targets)).catch(lost(userId));
      const aggregates = await adjustEmailAggregates(app.db, userId, outcome.delta);
      return { action, count: outcome.count, undo: outcome.undo, aggregates };
    },
  );

  app.post(
    "/api/email/unsubscribe",
    { config: { auth: true }, schema: { body: EmailUnsubscribeSchema, response: { 200: EmailUnsubscribeResultSchema } } },
    async (request) => {
      const { userId } = requireUser(request);
      await enforceLimit(app.limiter, `email:unsubscribe:${userId}`, 100 * m, 60 * MINUTE);
      await ensureOpen(userId);
      const found = await onFreshSession(userId, (client) => unsubscribeOf(client, request.body)).catch(lost(userId));
      if (!found) throw new HttpError(404, "That message is no longer in its folder.");
      // The URL comes from the message on the mail server, never from the browser.
      if (found.oneClick && found.http) return { method: "one-click" as const, ok: await postOneClick(found.http, allow, testCa()) };
      // One-click over plain http (RFC 8058 requires https): never POSTed; the page is offered, with a warning.
      if (found.insecureOneClick && found.http) return { method: "web" as const, target: found.http, insecure: true };
      if (found.mailto) return { method: "mailto" as const, target: found.mailto };
      if (found.http) return { method: "web" as const, target: found.http };
      return { method: "none" as const };
    },
  );

  /**
   * Runs `work` on the user's session; when that session can no longer open a folder the
   * server rebuilt under it (thrown before anything changed), once more on a fresh session,
   * which sees the folder as it is now (and so refuses a renumbered one).
   */
  function onFreshSession<T>(userId: number, work: (client: ImapFlow) => Promise<T>): Promise<T> {
    return connections.use(userId, async ({ client }) => {
      try {
        return await work(client);
      } catch (err) {
        if (!(err instanceof StaleSession)) throw err;
        const fresh = await connections.renew(userId);
        if (!fresh) throw new HttpError(409, "No mailbox is connected. Connect your mailbox again.");
        return work(fresh);
      }
    });
  }

  /** An IMAP failure during an action: the connection is dropped and the user told to retry. */
  function lost(userId: number) {
    return (err: unknown): never => {
      if (err instanceof HttpError) throw err;
      void connections.close(userId);
      throw new HttpError(502, "The connection to the mail server was lost. Try again.");
    };
  }
};
