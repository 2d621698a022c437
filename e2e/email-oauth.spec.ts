/**
 * "Connect Gmail" with OAuth, end to end (issue 21, decision 023). A second app server runs
 * with a Gmail OAuth client pointed at a local stand-in for Google (fake-oauth.mjs: a consent
 * page, the code + PKCE exchange, tokeninfo) and at a Dovecot whose oauth2 passdb asks that
 * stand-in about every token, so the XOAUTH2 login is checked by the mail server itself.
 * The journey: allow on the provider's page, land back on Organize → Email with the inbox
 * listed, see the kept sign-in in Settings and remove it; deny, and be told so; Outlook (no
 * client on this server) keeps the spec's error.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { planMailbox, startDovecot, type Dovecot } from "../scripts/test-support/dovecot.mjs";
import { startFakeOAuth, type FakeOAuth } from "../scripts/test-support/fake-oauth.mjs";
import { expect, expectAccessible, test } from "./fixtures";
import { waitForHealth } from "./support/health";
import { newAccount, startCardFreeTrial } from "./support/auth";

const PORT = Number(process.env.E2E_PORT ?? 5100) + 2000;
const origin = `http://localhost:${PORT}`;
const ADDRESS = "frank@example.test";
const MESSAGES = 300;
let fake: FakeOAuth;
let dovecot: Dovecot;
let server: ChildProcess;
let dataDir: string | undefined;

test.beforeAll(async () => {
  // A second server starting (migrations on a fresh embedded database) next to a running suite.
  test.setTimeout(120_000);
  dataDir = mkdtempSync(join(tmpdir(), "cleanspace-e2e-oauth-"));
  fake = await startFakeOAuth({ clientId: "e2e-gmail-client", clientSecret: "e2e-gmail-secret", email: ADDRESS });
  dovecot = await startDovecot({
    users: [{ name: ADDRESS, password: "not-used-by-oauth", messages: planMailbox({ messages: MESSAGES, senders: 12, seed: 5 }) }],
    oauth2: { tokeninfoUrl: fake.tokeninfoUrl },
  });
  server = spawn(process.execPath, ["dist/server/test-main.js"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      PATH: process.env.PATH,
      PORT: String(PORT),
      DATA_DIR: dataDir,
      NODE_ENV: "test",
      LOG_LEVEL: "error",
      RATE_LIMIT_MULTIPLIER: "50",
      IMAP_ALLOW_HOSTS: "127.0.0.1",
      IMAP_CA_FILE: dovecot.caFile,
      IMAP_SECRET_KEY: "e2e-imap-secret-key-0123456789abcdef",
      GMAIL_OAUTH_CLIENT_ID: "e2e-gmail-client",
      GMAIL_OAUTH_CLIENT_SECRET: "e2e-gmail-secret",
      GMAIL_OAUTH_AUTHORIZE_URL: fake.authorizeUrl,
      GMAIL_OAUTH_TOKEN_URL: fake.tokenUrl,
      GMAIL_OAUTH_IMAP_HOST: "127.0.0.1",
      GMAIL_OAUTH_IMAP_PORT: String(dovecot.port),
    },
  });
  await waitForHealth(`${origin}/api/health`);
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill();
    await new Promise((r) => server.once("exit", r));
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  await dovecot?.stop();
  await fake?.close();
});

test("Connect Gmail with OAuth: allow at the provider, the inbox lists, the kept sign-in shows in Settings; deny says so", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const account = newAccount({ name: "Frank" });
  const res = await page.request.post(`${origin}/api/users`, { data: account, headers: { origin } });
  expect(res.status()).toBe(201);
  await startCardFreeTrial(page.request, ((await res.json()) as { id: number }).id, origin);

  await page.goto(`${origin}/organize?tab=email`);
  await expect(page.getByRole("heading", { name: "No mailbox connected" })).toBeVisible();
  await expectAccessible(page);
  // Outlook has no client on this server: its button keeps the spec's error.
  await page.getByRole("button", { name: "Connect Outlook" }).click();
  await expect(page.getByTestId("oauth-error")).toHaveText(
    "Outlook integration requires Microsoft Graph setup. Email scanning is not available yet.",
  );

  await page.getByRole("checkbox", { name: /Stay connected/ }).check();
  await page.getByRole("button", { name: "Connect Gmail" }).click();
  // The provider's own page (the stand-in): the user allows access there.
  await expect(page.getByRole("heading", { name: "Fake provider" })).toBeVisible();
  expect(new URL(page.url()).origin).toBe(fake.origin);
  await page.getByRole("link", { name: "Allow" }).click();

  await expect(page).toHaveURL(`${origin}/organize?tab=email`);
  await expect(page.getByText("Gmail connected", { exact: true })).toBeVisible();
  await expect(page.getByTestId("mail-totals")).toContainText(`${MESSAGES} messages`, { timeout: 30_000 });
  await expect(page.getByTestId("mail-totals")).toContainText("signed in with Gmail");
  await expect(page.getByRole("heading", { name: `Inbox of ${ADDRESS}` })).toBeVisible();
  expect(dovecot.log()).toMatch(new RegExp(`Login: user=<${ADDRESS}>, method=XOAUTH2`));
  await expectAccessible(page);

  await page.goto(`${origin}/settings`);
  const card = page.getByTestId("mailbox-card");
  await expect(card.getByTestId("mailbox-status")).toContainText(`${ADDRESS} on 127.0.0.1:${dovecot.port} · signed in with Gmail`);
  await expect(card).toContainText("the Gmail renewal token is kept on our server, encrypted");
  await card.getByRole("button", { name: "Disconnect and delete the kept Gmail renewal token" }).click();
  await expect(card).toContainText("No mailbox is connected.");

  await page.goto(`${origin}/organize?tab=email`);
  await page.getByRole("button", { name: "Connect Gmail" }).click();
  await page.getByRole("link", { name: "Deny" }).click();
  await expect(page).toHaveURL(`${origin}/organize?tab=email`);
  await expect(page.getByTestId("oauth-error")).toHaveText("Access to your Gmail mailbox was not allowed, so nothing was connected.");
  await expect(page.getByRole("heading", { name: "No mailbox connected" })).toBeVisible();
});
