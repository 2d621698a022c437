/**
 * "Connect Gmail" with OAuth (XOAUTH2), decision 023, for real: a local stand-in for the
 * provider (scripts/test-support/fake-oauth.mjs: consent page, code + PKCE exchange, refresh,
 * tokeninfo) and Debian's Dovecot with an oauth2 passdb that asks that tokeninfo endpoint
 * whether each access token is live and whose it is. Nothing here mocks the IMAP login.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { planMailbox, startDovecot, type Dovecot } from "../../../scripts/test-support/dovecot.mjs";
import { startFakeOAuth, type FakeOAuth } from "../../../scripts/test-support/fake-oauth.mjs";
import type { EmailConnection, ListLine } from "../../domain/schemas/email";
import { mailAccounts, mailOAuthStates } from "../db/schema";
import { open } from "../email/secret-box";
import { as, buildUser, sessionCookie, type TestUser } from "../test/auth-helpers";
import { createTestApp, SAME_ORIGIN, type TestApp } from "../test/test-app";

const SECRET = "test-imap-secret-key-0123456789abcdef";
const CLIENT = { id: "cleanspace-test-client", secret: "test-client-secret" };
const ADDRESS = "carol@example.test";
const MESSAGES = 30;
let fake: FakeOAuth;
let dovecot: Dovecot;
let t: TestApp;

beforeAll(async () => {
  fake = await startFakeOAuth({ clientId: CLIENT.id, clientSecret: CLIENT.secret, email: ADDRESS });
  dovecot = await startDovecot({
    users: [{ name: ADDRESS, password: "not-used-by-oauth", messages: planMailbox({ messages: MESSAGES, senders: 6, seed: 3 }) }],
    oauth2: { tokeninfoUrl: fake.tokeninfoUrl },
  });
  t = await createTestApp({
    IMAP_ALLOW_HOSTS: "127.0.0.1",
    IMAP_CA_FILE: dovecot.caFile,
    IMAP_SECRET_KEY: SECRET,
    IMAP_TIMEOUT_MS: "4000",
    GMAIL_OAUTH_CLIENT_ID: CLIENT.id,
    GMAIL_OAUTH_CLIENT_SECRET: CLIENT.secret,
    GMAIL_OAUTH_AUTHORIZE_URL: fake.authorizeUrl,
    GMAIL_OAUTH_TOKEN_URL: fake.tokenUrl,
    GMAIL_OAUTH_IMAP_HOST: "127.0.0.1",
    GMAIL_OAUTH_IMAP_PORT: String(dovecot.port),
  });
}, 60_000);

afterAll(async () => {
  await t?.close();
  await dovecot?.stop();
  await fake?.close();
});

const connection = async (user: TestUser) =>
  (await t.app.inject({ method: "GET", url: "/api/email/connection", headers: as(user) })).json<EmailConnection>();

async function start(user: TestUser, stayConnected = false): Promise<string> {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/email/oauth/start",
    headers: as(user),
    payload: { provider: "gmail", stayConnected },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ url: string }>().url;
}

/** The user at the provider: opens the consent page and allows (or denies); returns where the provider sends the browser. */
async function consent(authorizeUrl: string, decision: "allow" | "deny" = "allow"): Promise<URL> {
  const page = await fetch(authorizeUrl);
  const html = await page.text();
  expect(page.status, html).toBe(200);
  const tx = /tx=([0-9a-f]+)/.exec(html)![1];
  const res = await fetch(`${fake.origin}/consent?tx=${tx}&decision=${decision}`, { redirect: "manual" });
  return new URL(res.headers.get("location")!);
}

/** The browser arriving at our callback with `user`'s session; returns where we send it. */
async function callback(user: { cookie: string }, at: URL): Promise<URL> {
  const res = await t.app.inject({ method: "GET", url: `${at.pathname}${at.search}`, headers: { cookie: user.cookie } });
  expect(res.statusCode, res.body).toBe(303);
  return new URL(res.headers.location as string, "http://localhost");
}

async function list(user: TestUser): Promise<ListLine[]> {
  const res = await t.app.inject({ method: "POST", url: "/api/email/list", headers: as(user), payload: {} });
  if (res.statusCode !== 200) return [{ t: "error", error: `${res.statusCode} ${res.body}` }];
  return res.body
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as ListLine);
}

const outcome = (url: URL) => url.searchParams.get("mailbox");

describe("the Gmail button's OAuth flow", () => {
  it("says OAuth is configured for Gmail only, and starts with PKCE (S256) and a fresh state to our callback", async () => {
    const user = await buildUser(t.app);
    expect((await connection(user)).oauth).toEqual({ gmail: true, outlook: false });
    const url = new URL(await start(user));
    expect(`${url.origin}${url.pathname}`).toBe(fake.authorizeUrl);
    const p = url.searchParams;
    expect(p.get("client_id")).toBe(CLIENT.id);
    expect(p.get("redirect_uri")).toBe("http://localhost:5000/api/email/oauth/callback");
    expect(p.get("code_challenge_method")).toBe("S256");
    expect(p.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    expect(p.get("scope")).toContain("https://mail.google.com/");
    expect(p.get("access_type")).toBe("online");
    expect(p.get("state")).toMatch(/^[\w-]{43}$/);
    // Only the state's hash is kept, with the verifier, for this user's session.
    const [row] = await t.database.db.select().from(mailOAuthStates).where(eq(mailOAuthStates.userId, user.id));
    expect(row?.stateHash).not.toBe(p.get("state"));
    expect(row?.stayConnected).toBe(false);
  });

  it("an unconfigured provider keeps the spec's error", async () => {
    const user = await buildUser(t.app);
    const res = await t.app.inject({ method: "POST", url: "/api/email/oauth/start", headers: as(user), payload: { provider: "outlook" } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe("Outlook integration requires Microsoft Graph setup. Email scanning is not available yet.");
  });

  it("connects with the access token over XOAUTH2 (checked by Dovecot at the provider), lists the mail, and keeps nothing", async () => {
    const user = await buildUser(t.app);
    const back = await callback(user, await consent(await start(user)));
    expect(back.pathname).toBe("/organize");
    expect(Object.fromEntries(back.searchParams)).toEqual({ tab: "email", mailbox: "connected", provider: "gmail" });
    expect(await connection(user)).toMatchObject({ connected: true, stored: false, method: "gmail", username: ADDRESS });
    expect(dovecot.log()).toMatch(new RegExp(`Login: user=<${ADDRESS}>, method=XOAUTH2`));
    const lines = await list(user);
    expect(lines[0]).toEqual({ t: "start", total: MESSAGES });
    expect(lines.at(-1)?.t).toBe("done");
    expect(await t.database.db.select().from(mailAccounts).where(eq(mailAccounts.userId, user.id))).toHaveLength(0);
    expect(await t.database.db.select().from(mailOAuthStates).where(eq(mailOAuthStates.userId, user.id))).toHaveLength(0);
    // The token exchange happened on the server, with the code the provider sent once.
    expect(fake.log.filter((l) => l === "POST /token").length).toBeGreaterThan(0);
  });

  it("a state is single-use: the same callback again opens nothing", async () => {
    const user = await buildUser(t.app);
    const at = await consent(await start(user));
    expect(outcome(await callback(user, at))).toBe("connected");
    expect(outcome(await callback(user, at))).toBe("state");
  });

  it("refuses a state that does not match (forged, or from no flow at all)", async () => {
    const user = await buildUser(t.app);
    const at = await consent(await start(user));
    at.searchParams.set("state", "forged-state-value");
    expect(outcome(await callback(user, at))).toBe("state");
    const noState = new URL(at);
    noState.searchParams.delete("state");
    expect(outcome(await callback(user, noState))).toBe("state");
    expect((await connection(user)).connected).toBe(false);
  });

  it("refuses another user's state (login CSRF: someone else's mailbox must not land in this account), and leaves it to its owner", async () => {
    const attacker = await buildUser(t.app);
    const victim = await buildUser(t.app);
    const at = await consent(await start(attacker));
    expect(outcome(await callback(victim, at))).toBe("state");
    expect((await connection(victim)).connected).toBe(false);
    // The owner can still finish their own sign-in.
    expect(outcome(await callback(attacker, at))).toBe("connected");
  });

  it("refuses the same user's state from another session (another browser)", async () => {
    const user = await buildUser(t.app);
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: SAME_ORIGIN,
      payload: { email: user.email, password: user.password },
    });
    const otherSession = { cookie: sessionCookie(login) };
    expect(otherSession.cookie).not.toBe(user.cookie);
    const at = await consent(await start(user));
    expect(outcome(await callback(otherSession, at))).toBe("state");
    expect(outcome(await callback(user, at))).toBe("connected");
  });

  it("refuses an expired state (10 minutes)", async () => {
    const user = await buildUser(t.app);
    const at = await consent(await start(user));
    await t.database.db
      .update(mailOAuthStates)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(mailOAuthStates.userId, user.id));
    expect(outcome(await callback(user, at))).toBe("state");
  });

  it("says so when the user denies access at the provider", async () => {
    const user = await buildUser(t.app);
    expect(Object.fromEntries((await callback(user, await consent(await start(user), "deny"))).searchParams)).toEqual({
      tab: "email",
      mailbox: "denied",
      provider: "gmail",
    });
  });

  it("a wrong code is refused by the provider's token endpoint", async () => {
    const user = await buildUser(t.app);
    const at = await consent(await start(user));
    at.searchParams.set("code", "code.not-issued");
    expect(outcome(await callback(user, at))).toBe("exchange");
    expect((await connection(user)).connected).toBe(false);
  });

  it("an expired access token is refused by the mail server itself (Dovecot asks the provider)", async () => {
    const user = await buildUser(t.app);
    fake.issueExpired(true);
    try {
      expect(outcome(await callback(user, await consent(await start(user))))).toBe("refused");
    } finally {
      fake.issueExpired(false);
    }
    expect((await connection(user)).connected).toBe(false);
  });

  it("needs a session: without one the callback is a 401", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/email/oauth/callback?state=x&code=y" });
    expect(res.statusCode).toBe(401);
  });
});

describe("stay connected with OAuth", () => {
  it("keeps only the refresh token, sealed; reconnects with a fresh access token after the old one expired; disconnect removes it", async () => {
    const user = await buildUser(t.app);
    const url = new URL(await start(user, true));
    expect(url.searchParams.get("access_type")).toBe("offline");
    expect(outcome(await callback(user, await consent(url.toString())))).toBe("connected");
    const [row] = await t.database.db.select().from(mailAccounts).where(eq(mailAccounts.userId, user.id));
    expect(row).toMatchObject({ oauthProvider: "gmail", sealedPassword: null, username: ADDRESS });
    const [live] = fake.liveRefreshTokens().filter((rt) => open(SECRET, user.id, row!.sealedRefreshToken!, "refresh-token") === rt);
    expect(live).toBeDefined();
    expect(row!.sealedRefreshToken).not.toContain(live!);
    // Sealed for this purpose: it does not open as a password.
    expect(open(SECRET, user.id, row!.sealedRefreshToken!)).toBeNull();

    // An hour later: the connection is gone (idle) and the access token has expired.
    await t.app.mailboxes.close(user.id);
    fake.expireAccessTokens();
    const lines = await list(user);
    expect(lines.at(-1)?.t).toBe("done");
    expect(await connection(user)).toMatchObject({ connected: true, stored: true, method: "gmail" });
    // The provider rotated the refresh token; the new one was sealed in place of the old.
    const [after] = await t.database.db.select().from(mailAccounts).where(eq(mailAccounts.userId, user.id));
    expect(fake.liveRefreshTokens()).toContain(open(SECRET, user.id, after!.sealedRefreshToken!, "refresh-token"));

    const del = await t.app.inject({ method: "DELETE", url: "/api/email/connection", headers: as(user) });
    expect(del.statusCode).toBe(204);
    expect(await t.database.db.select().from(mailAccounts).where(eq(mailAccounts.userId, user.id))).toHaveLength(0);
    expect(await connection(user)).toMatchObject({ connected: false, stored: false, method: null });
  });

  it("a refresh token withdrawn at the provider is forgotten, and the user is asked to connect Gmail again", async () => {
    const user = await buildUser(t.app);
    expect(outcome(await callback(user, await consent(await start(user, true))))).toBe("connected");
    await t.app.mailboxes.close(user.id);
    fake.revokeRefreshTokens();
    const lines = await list(user);
    expect(lines[0]).toMatchObject({ t: "error", error: expect.stringMatching(/^409 .*Gmail sign-in has expired or was withdrawn/) });
    expect(await t.database.db.select().from(mailAccounts).where(eq(mailAccounts.userId, user.id))).toHaveLength(0);
  });

  it("deleting the account removes the kept sign-in and closes the IMAP session at once", async () => {
    const user = await buildUser(t.app);
    expect(outcome(await callback(user, await consent(await start(user, true))))).toBe("connected");
    const before = dovecot.who().filter((u) => u === ADDRESS).length;
    expect(before).toBeGreaterThan(0);
    const res = await t.app.inject({
      method: "DELETE",
      url: `/api/users/${user.id}`,
      headers: as(user),
      payload: { password: user.password },
    });
    expect(res.statusCode).toBe(204);
    expect(t.app.mailboxes.has(user.id)).toBe(false);
    expect(await t.database.db.select().from(mailAccounts).where(eq(mailAccounts.userId, user.id))).toHaveLength(0);
    await expect.poll(() => dovecot.who().filter((u) => u === ADDRESS).length).toBe(before - 1);
  });
});
