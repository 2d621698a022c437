/**
 * "Connect Gmail" / "Connect Outlook" with OAuth (XOAUTH2), when the provider's client is
 * configured (decision 023). The authorization-code flow with PKCE: the start route keeps the
 * state's hash, bound to this user and this very session, and the PKCE verifier; the callback
 * (the provider sends the browser there) checks the state, exchanges the code on the server,
 * opens IMAP with the access token, keeps the refresh token sealed only if the user asked to
 * stay connected, and sends the browser back to Organize → Email with an outcome code. Neither
 * the code nor any token reaches the page or the logs (query strings are not logged).
 */
import { and, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  MAIL_OAUTH_LABELS,
  OAUTH_OUTCOME_PARAM,
  OAUTH_PROVIDER_PARAM,
  isMailOAuthProvider,
  type MailOAuthProvider,
  type OAuthOutcome,
} from "../../domain/email-oauth";
import { EmailOAuthCallbackQuerySchema, EmailOAuthRedirectSchema, EmailOAuthStartSchema } from "../../domain/schemas/email";
import { requireUser } from "../auth/guard";
import { mailAccounts, mailOAuthStates } from "../db/schema";
import { MailConnectError } from "../email/imap-connect";
import { createMailAccess } from "../email/mail-access";
import { authorizationUrl, exchangeCode, hashState, newSecret, STATE_TTL_MS } from "../email/oauth-flow";
import { seal } from "../email/secret-box";
import { appOrigin } from "../env";
import { HttpError } from "../plugins/errors";

export const CALLBACK_PATH = "/api/email/oauth/callback";

export const emailOAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  const env = app.env;
  const access = createMailAccess(app);
  const redirectUri = `${appOrigin(env)}${CALLBACK_PATH}`;

  app.post(
    "/api/email/oauth/start",
    { config: { auth: true }, schema: { body: EmailOAuthStartSchema, response: { 200: EmailOAuthRedirectSchema } } },
    async (request) => {
      const session = requireUser(request);
      const { provider, stayConnected } = request.body;
      const client = access.oauth[provider];
      // The spec's text for an unconfigured provider, as the button shows it.
      if (!client)
        throw new HttpError(
          400,
          provider === "gmail"
            ? "Gmail integration requires OAuth2 setup. Email scanning is not available yet."
            : "Outlook integration requires Microsoft Graph setup. Email scanning is not available yet.",
        );
      if (stayConnected && !env.IMAP_SECRET_KEY)
        throw new HttpError(400, "This server cannot keep mailbox sign-ins; connect without “Stay connected”.");
      await access.limitConnects(session.userId);
      const state = newSecret();
      const verifier = newSecret();
      await app.db.insert(mailOAuthStates).values({
        stateHash: hashState(state),
        userId: session.userId,
        sessionId: session.id,
        provider,
        codeVerifier: verifier,
        stayConnected,
        expiresAt: new Date(Date.now() + STATE_TTL_MS),
      });
      return { url: authorizationUrl(client, { state, verifier, redirectUri, offline: stayConnected }) };
    },
  );

  app.get(CALLBACK_PATH, { config: { auth: true }, schema: { querystring: EmailOAuthCallbackQuerySchema } }, async (request, reply) => {
    const session = requireUser(request);
    const back = (outcome: OAuthOutcome, provider: MailOAuthProvider | null) => {
      const to = new URLSearchParams({ tab: "email", [OAUTH_OUTCOME_PARAM]: outcome });
      if (provider) to.set(OAUTH_PROVIDER_PARAM, provider);
      return reply.header("cache-control", "no-store").redirect(`/organize?${to.toString()}`, 303);
    };
    const { state, code, error } = request.query;
    // Only a state this user started while signed in with this cookie counts, and only once. Another
    // user's or another sign-in's state is not touched (it is not theirs to spend) and opens nothing.
    const [row] = state
      ? await app.db
          .delete(mailOAuthStates)
          .where(
            and(
              eq(mailOAuthStates.stateHash, hashState(state)),
              eq(mailOAuthStates.userId, session.userId),
              eq(mailOAuthStates.sessionId, session.id),
            ),
          )
          .returning()
      : [];
    const provider = row && isMailOAuthProvider(row.provider) ? row.provider : null;
    if (!row || !provider || row.expiresAt.getTime() <= Date.now()) return back("state", provider);
    if (error || !code) return back("denied", provider);
    const client = access.oauth[provider];
    if (!client) return back("exchange", provider);

    // No second count against the connect limit: the start counted this attempt, and its state is single-use.
    let tokens;
    try {
      tokens = await exchangeCode(client, { code, verifier: row.codeVerifier, redirectUri }, env.IMAP_TIMEOUT_MS);
    } catch (err) {
      request.log.info({ provider, reason: err instanceof Error ? err.message : "unknown" }, "mailbox OAuth code exchange failed");
      return back("exchange", provider);
    }
    if (!tokens.email) return back("exchange", provider);
    try {
      await access.connect(
        session.userId,
        { host: client.imapHost, port: client.imapPort, username: tokens.email, secret: { accessToken: tokens.accessToken } },
        provider,
      );
    } catch (err) {
      if (err instanceof MailConnectError) return back(err.kind === "auth" ? "refused" : "unreachable", provider);
      if (err instanceof HttpError && err.statusCode === 503) return back("busy", provider);
      throw err;
    }
    if (row.stayConnected && tokens.refreshToken && env.IMAP_SECRET_KEY) {
      const kept = {
        host: client.imapHost,
        port: client.imapPort,
        username: tokens.email,
        sealedPassword: null,
        oauthProvider: provider,
        sealedRefreshToken: seal(env.IMAP_SECRET_KEY, session.userId, tokens.refreshToken, "refresh-token"),
      };
      await app.db
        .insert(mailAccounts)
        .values({ userId: session.userId, ...kept })
        .onConflictDoUpdate({ target: mailAccounts.userId, set: { ...kept, createdAt: new Date() } });
    } else {
      // A new sign-in replaces whatever was kept for an earlier mailbox.
      await app.db.delete(mailAccounts).where(eq(mailAccounts.userId, session.userId));
    }
    request.log.info({ provider: MAIL_OAUTH_LABELS[provider] }, "mailbox connected with OAuth");
    return back("connected", provider);
  });
};
