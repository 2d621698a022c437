/**
 * A user's mailbox over IMAP. Every route acts for the signed-in user only (the
 * connection registry is keyed by the session's user id; no route takes a user id). The
 * password is used to log in and kept only if the user asks to stay connected (sealed with
 * IMAP_SECRET_KEY). Message metadata is streamed through and never stored or logged; only
 * the aggregates are saved.
 */
import { existsSync, readFileSync } from "node:fs";
import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import type { ImapFlow } from "imapflow";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  EmailActionResultSchema,
  EmailActionSchema,
  EmailConnectionSchema,
  EmailConnectSchema,
  EmailUndoSchema,
  EmailUnsubscribeResultSchema,
  EmailUnsubscribeSchema,
  type EmailAggregates,
  type EmailConnection,
  type ListLine,
} from "../../domain/schemas/email";
import { requireUser } from "../auth/guard";
import { mailAccounts } from "../db/schema";
import { adjustEmailAggregates, saveEmailAggregates } from "../email/aggregates";
import { MailConnections } from "../email/connections";
import { openImap, type ImapTarget } from "../email/imap-connect";
import { applyAction, listInbox, undoAction, unsubscribeOf } from "../email/mailbox";
import { postOneClick } from "../email/one-click";
import { open, seal } from "../email/secret-box";
import { parseAllowList } from "../email/ssrf-guard";
import { HttpError } from "../plugins/errors";
import { enforceLimit } from "../services/rate-limit";

const MINUTE = 60_000;

export const emailRoutes: FastifyPluginAsyncZod = async (app) => {
  const env = app.env;
  const allow = parseAllowList(env.IMAP_ALLOW_HOSTS);
  // Read when used, not at start-up: the browser suite writes its test CA after the server starts.
  const caFile = env.IMAP_CA_FILE;
  const testCa = () => (caFile && existsSync(caFile) ? readFileSync(caFile) : undefined);
  const connections = new MailConnections(env.IMAP_MAX_CONNECTIONS, env.IMAP_IDLE_SECONDS * 1000);
  app.addHook("onClose", async () => connections.closeAll());
  const m = env.RATE_LIMIT_MULTIPLIER;

  async function connect(userId: number, target: ImapTarget): Promise<void> {
    connections.assertRoom(userId);
    const client = await openImap(target, { allow, ca: testCa(), timeoutMs: env.IMAP_TIMEOUT_MS });
    connections.set(userId, { client, host: target.host, port: target.port, username: target.username });
  }

  /** The user's open connection, reopened from the sealed password when they chose to stay connected. */
  async function ensureOpen(userId: number): Promise<void> {
    if (connections.has(userId)) return;
    const [kept] = await app.db.select().from(mailAccounts).where(eq(mailAccounts.userId, userId));
    const password = kept && env.IMAP_SECRET_KEY ? open(env.IMAP_SECRET_KEY, userId, kept.sealedPassword) : null;
    if (!kept || password === null) throw new HttpError(409, "No mailbox is connected. Connect your mailbox again.");
    await enforceLimit(app.limiter, `email:connect:${userId}`, 20 * m, 15 * MINUTE);
    await connect(userId, { host: kept.host, port: kept.port, username: kept.username, password });
  }

  async function connectionOf(userId: number): Promise<EmailConnection> {
    const open = connections.info(userId);
    const [kept] = await app.db
      .select({ host: mailAccounts.host, port: mailAccounts.port, username: mailAccounts.username })
      .from(mailAccounts)
      .where(eq(mailAccounts.userId, userId));
    const shown = open ?? kept ?? null;
    return {
      connected: open !== null,
      stored: Boolean(kept),
      host: shown?.host ?? null,
      port: shown?.port ?? null,
      username: shown?.username ?? null,
      canStay: Boolean(env.IMAP_SECRET_KEY),
    };
  }

  app.get("/api/email/connection", { config: { auth: true }, schema: { response: { 200: EmailConnectionSchema } } }, async (request) => {
    return connectionOf(requireUser(request).userId);
  });

  app.post(
    "/api/email/connect",
    { config: { auth: true }, schema: { body: EmailConnectSchema, response: { 200: EmailConnectionSchema } } },
    async (request) => {
      const { userId } = requireUser(request);
      // Each attempt is a login at someone's mail server: bounded so we are never a password-guessing relay.
      await enforceLimit(app.limiter, `email:connect:${userId}`, 20 * m, 15 * MINUTE);
      const { host, port, username, password, stayConnected } = request.body;
      if (stayConnected && !env.IMAP_SECRET_KEY)
        throw new HttpError(400, "This server cannot keep mailbox passwords; connect without “Stay connected”.");
      await connect(userId, { host, port, username, password });
      if (stayConnected) {
        const row = { host, port, username, sealedPassword: seal(env.IMAP_SECRET_KEY!, userId, password) };
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
    const { userId } = requireUser(request);
    connections.close(userId);
    await app.db.delete(mailAccounts).where(eq(mailAccounts.userId, userId));
    return reply.code(204).send();
  });

  app.post("/api/email/list", { config: { auth: true } }, async (request, reply) => {
    const { userId } = requireUser(request);
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
        for await (const line of listInbox(client, async (t) => void (aggregates = await saveEmailAggregates(app.db, userId, t))))
          yield `${JSON.stringify(line)}\n`;
        if (!aggregates) throw new Error("listing ended without totals");
        yield `${JSON.stringify({ t: "done", aggregates } satisfies ListLine)}\n`;
      } catch {
        // A dropped connection mid-fetch: say so, and forget the broken connection.
        connections.close(userId);
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
      const { action, uids } = request.body;
      const outcome = await connections.use(userId, ({ client }) => applyAction(client, action, uids)).catch(lost(userId));
      const aggregates = await adjustEmailAggregates(app.db, userId, outcome.delta);
      return { action, count: outcome.count, undoUids: outcome.undoUids, aggregates };
    },
  );

  app.post(
    "/api/email/undo",
    { config: { auth: true }, schema: { body: EmailUndoSchema, response: { 200: EmailActionResultSchema } } },
    async (request) => {
      const { userId } = requireUser(request);
      await enforceLimit(app.limiter, `email:actions:${userId}`, 300 * m, 60 * MINUTE);
      await ensureOpen(userId);
      const { action, uids } = request.body;
      const outcome = await connections.use(userId, ({ client }) => undoAction(client, action, uids)).catch(lost(userId));
      const aggregates = await adjustEmailAggregates(app.db, userId, outcome.delta);
      return { action, count: outcome.count, undoUids: outcome.undoUids, aggregates };
    },
  );

  app.post(
    "/api/email/unsubscribe",
    { config: { auth: true }, schema: { body: EmailUnsubscribeSchema, response: { 200: EmailUnsubscribeResultSchema } } },
    async (request) => {
      const { userId } = requireUser(request);
      await enforceLimit(app.limiter, `email:unsubscribe:${userId}`, 100 * m, 60 * MINUTE);
      await ensureOpen(userId);
      const found = await connections.use(userId, ({ client }) => unsubscribeOf(client, request.body.uid)).catch(lost(userId));
      if (!found) throw new HttpError(404, "That message is no longer in the inbox.");
      // The URL comes from the message on the mail server, never from the browser.
      if (found.oneClick && found.http) return { method: "one-click" as const, ok: await postOneClick(found.http, allow, testCa()) };
      if (found.mailto) return { method: "mailto" as const, target: found.mailto };
      if (found.http) return { method: "web" as const, target: found.http };
      return { method: "none" as const };
    },
  );

  /** An IMAP failure during an action: the connection is dropped and the user told to retry. */
  function lost(userId: number) {
    return (err: unknown): never => {
      if (err instanceof HttpError) throw err;
      connections.close(userId);
      throw new HttpError(502, "The connection to the mail server was lost. Try again.");
    };
  }
};
