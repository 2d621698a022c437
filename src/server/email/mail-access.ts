/**
 * Opening a user's mailbox, shared by the password routes (routes/email.ts) and the OAuth
 * routes (routes/email-oauth.ts): connect and register the connection, reopen it from what
 * "stay connected" kept (the sealed password, or a fresh access token from the sealed refresh
 * token), and describe it. Always for the signed-in user's id; never for an id from a request.
 */
import { existsSync, readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { isMailOAuthProvider, MAIL_OAUTH_LABELS, type MailOAuthProvider } from "../../domain/email-oauth";
import type { EmailConnection } from "../../domain/schemas/email";
import { mailAccounts } from "../db/schema";
import { HttpError } from "../plugins/errors";
import { enforceLimit } from "../services/rate-limit";
import type { OpenMailbox } from "./connections";
import { openImap, type ImapTarget } from "./imap-connect";
import { OAuthTokenError, refreshAccess } from "./oauth-flow";
import { oauthClients, type OAuthClient } from "./oauth-providers";
import { open, seal } from "./secret-box";
import { parseAllowList } from "./ssrf-guard";

const MINUTE = 60_000;
const NOT_CONNECTED = "No mailbox is connected. Connect your mailbox again.";

export interface MailAccess {
  allow: Set<string>;
  /** Extra CA certificates to trust (IMAP_CA_FILE, tests only). */
  testCa(): Buffer | undefined;
  oauth: Partial<Record<MailOAuthProvider, OAuthClient>>;
  /** Counts a login attempt at someone's mail server: bounded so we are never a password-guessing relay. */
  limitConnects(userId: number): Promise<void>;
  connect(userId: number, target: ImapTarget, method: OpenMailbox["method"]): Promise<void>;
  ensureOpen(userId: number): Promise<void>;
  connectionOf(userId: number): Promise<EmailConnection>;
  /** Closes the connection and forgets anything kept ("Disconnect"). */
  forget(userId: number): Promise<void>;
}

export function createMailAccess(app: FastifyInstance): MailAccess {
  const env = app.env;
  const allow = parseAllowList(env.IMAP_ALLOW_HOSTS);
  // Read when used, not at start-up: the browser suite writes its test CA after the server starts.
  const caFile = env.IMAP_CA_FILE;
  const testCa = () => (caFile && existsSync(caFile) ? readFileSync(caFile) : undefined);
  const oauth = oauthClients(env);
  const connections = app.mailboxes;
  const m = env.RATE_LIMIT_MULTIPLIER;

  const limitConnects = (userId: number) => enforceLimit(app.limiter, `email:connect:${userId}`, 20 * m, 15 * MINUTE);

  async function connect(userId: number, target: ImapTarget, method: OpenMailbox["method"]): Promise<void> {
    const release = connections.reserve(userId);
    try {
      const options = () => ({ allow, ca: testCa(), timeoutMs: env.IMAP_TIMEOUT_MS });
      const client = await openImap(target, options());
      const reopen = () => openImap(target, options());
      connections.set(userId, { client, host: target.host, port: target.port, username: target.username, method, reopen });
    } finally {
      release();
    }
  }

  async function reopenWithOAuth(userId: number, provider: MailOAuthProvider, kept: typeof mailAccounts.$inferSelect): Promise<void> {
    const label = MAIL_OAUTH_LABELS[provider];
    const client = oauth[provider];
    const refreshToken =
      kept.sealedRefreshToken && env.IMAP_SECRET_KEY ? open(env.IMAP_SECRET_KEY, userId, kept.sealedRefreshToken, "refresh-token") : null;
    if (!client || refreshToken === null) throw new HttpError(409, NOT_CONNECTED);
    let tokens;
    try {
      tokens = await refreshAccess(client, refreshToken, env.IMAP_TIMEOUT_MS);
    } catch (err) {
      if (err instanceof OAuthTokenError && err.reached && (err.code === "invalid_grant" || err.code === "invalid_client")) {
        // Withdrawn at the provider (or expired): what we kept opens nothing any more.
        await app.db.delete(mailAccounts).where(eq(mailAccounts.userId, userId));
        throw new HttpError(409, `Your ${label} sign-in has expired or was withdrawn. Connect ${label} again.`);
      }
      throw new HttpError(502, `${label} could not be reached to renew the sign-in. Try again in a moment.`);
    }
    if (tokens.refreshToken && tokens.refreshToken !== refreshToken)
      await app.db
        .update(mailAccounts)
        .set({ sealedRefreshToken: seal(env.IMAP_SECRET_KEY!, userId, tokens.refreshToken, "refresh-token") })
        .where(eq(mailAccounts.userId, userId));
    await connect(
      userId,
      { host: kept.host, port: kept.port, username: kept.username, secret: { accessToken: tokens.accessToken } },
      provider,
    );
  }

  /** The user's open connection, reopened from what they chose to keep ("stay connected"). */
  async function ensureOpen(userId: number): Promise<void> {
    if (connections.has(userId)) return;
    const [kept] = await app.db.select().from(mailAccounts).where(eq(mailAccounts.userId, userId));
    if (!kept || !env.IMAP_SECRET_KEY) throw new HttpError(409, NOT_CONNECTED);
    await limitConnects(userId);
    if (kept.oauthProvider) {
      if (!isMailOAuthProvider(kept.oauthProvider)) throw new HttpError(409, NOT_CONNECTED);
      return reopenWithOAuth(userId, kept.oauthProvider, kept);
    }
    const password = kept.sealedPassword ? open(env.IMAP_SECRET_KEY, userId, kept.sealedPassword) : null;
    if (password === null) throw new HttpError(409, NOT_CONNECTED);
    await connect(userId, { host: kept.host, port: kept.port, username: kept.username, secret: { password } }, "password");
  }

  async function connectionOf(userId: number): Promise<EmailConnection> {
    const live = connections.info(userId);
    const [kept] = await app.db
      .select({
        host: mailAccounts.host,
        port: mailAccounts.port,
        username: mailAccounts.username,
        oauthProvider: mailAccounts.oauthProvider,
      })
      .from(mailAccounts)
      .where(eq(mailAccounts.userId, userId));
    const keptMethod = kept ? (isMailOAuthProvider(kept.oauthProvider) ? kept.oauthProvider : "password") : null;
    const shown = live ?? (kept ? { ...kept, method: keptMethod } : null);
    return {
      connected: live !== null,
      stored: Boolean(kept),
      method: shown?.method ?? null,
      host: shown?.host ?? null,
      port: shown?.port ?? null,
      username: shown?.username ?? null,
      canStay: Boolean(env.IMAP_SECRET_KEY),
      oauth: { gmail: Boolean(oauth.gmail), outlook: Boolean(oauth.outlook) },
    };
  }

  async function forget(userId: number): Promise<void> {
    await connections.close(userId);
    await app.db.delete(mailAccounts).where(eq(mailAccounts.userId, userId));
  }

  return { allow, testCa, oauth, limitConnects, connect, ensureOpen, connectionOf, forget };
}
