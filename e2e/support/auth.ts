/**
 * Account helpers for browser journeys. API calls go through the page's own request
 * context, so the session cookie they earn is the browser's too.
 */
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";

export interface TestAccount {
  name: string;
  email: string;
  password: string;
}

export const TEST_PASSWORD = "correct horse battery staple";

let counter = 0;

/** An address no other test (or earlier run against the same database) has used. */
export function uniqueEmail(prefix = "user"): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}@example.com`;
}

export function newAccount(overrides: Partial<TestAccount> = {}): TestAccount {
  return { name: "Test User", email: uniqueEmail(), password: TEST_PASSWORD, ...overrides };
}

/** The suite's base URL (playwright.config.ts `use.baseURL`), for the Origin header. */
export function baseUrl(): string {
  const url = test.info().project.use.baseURL;
  if (!url) throw new Error("playwright.config.ts must set use.baseURL");
  return url;
}

/** Mutations carry the app's Origin, as a browser would, so the CSRF check passes. */
function originHeader(): Record<string, string> {
  return { origin: baseUrl() };
}

/** POST /api/users: creates the account and signs the request context (and its page) in. */
export async function registerViaApi(
  request: APIRequestContext,
  account: TestAccount = newAccount(),
): Promise<TestAccount & { id: number }> {
  const res = await request.post("/api/users", { data: account, headers: originHeader() });
  expect(res.status(), await res.text()).toBe(201);
  const created = (await res.json()) as { id: number };
  return { ...account, id: created.id };
}

/** POST /api/auth/login without the UI. */
export async function signInViaApi(
  request: APIRequestContext,
  { email, password }: Pick<TestAccount, "email" | "password">,
): Promise<void> {
  const res = await request.post("/api/auth/login", { data: { email, password }, headers: originHeader() });
  expect(res.status(), await res.text()).toBe(200);
}

/** POST /api/auth/logout without the UI. */
export async function signOutViaApi(request: APIRequestContext): Promise<void> {
  const res = await request.post("/api/auth/logout", { headers: originHeader() });
  expect(res.status()).toBe(204);
}

/** Signs in through /login and waits for /home. */
export async function signInViaUi(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/home$/);
}

/** The status GET /api/auth/me answers for this context's session (200 signed in, 401 not). */
export async function sessionStatus(request: APIRequestContext): Promise<number> {
  return (await request.get("/api/auth/me")).status();
}

/** Newest first; the endpoint exists only in the test server (dist/server/test-main.js). */
export async function readOutbox(request: APIRequestContext, to: string): Promise<Array<{ to: string; subject: string; text: string }>> {
  const res = await request.get(`/api/test/outbox?to=${encodeURIComponent(to)}`);
  expect(res.status(), "GET /api/test/outbox (served by dist/server/test-main.js only)").toBe(200);
  return (await res.json()) as Array<{ to: string; subject: string; text: string }>;
}

/** The path and query of the newest reset link mailed to `to`, e.g. /reset-password?token=… */
export async function readResetLink(request: APIRequestContext, to: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const mail = (await readOutbox(request, to)).find((m) => /reset-password\?token=/.test(m.text));
      const url = mail?.text.match(/https?:\/\/\S+\/reset-password\?token=[\w-]+/)?.[0];
      link = url ? new URL(url).pathname + new URL(url).search : undefined;
      return link;
    })
    .toBeTruthy();
  return link!;
}

/**
 * Confirms the signed-in user's address through the link mailed at registration (read from
 * the test outbox, as a user reads their inbox). A card-free trial needs it.
 */
export async function confirmEmailViaOutbox(request: APIRequestContext, origin: string = baseUrl()): Promise<void> {
  const me = await request.get(`${origin}/api/auth/me`);
  expect(me.status()).toBe(200);
  const { email } = (await me.json()) as { email: string };
  const mails = (await (await request.get(`${origin}/api/test/outbox?to=${encodeURIComponent(email)}`)).json()) as { text: string }[];
  const token = mails.map((m) => /\/verify-email\?token=([\w-]+)/.exec(m.text)?.[1]).find(Boolean);
  if (!token) throw new Error(`no confirmation link mailed to ${email}`);
  const res = await request.post(`${origin}/api/auth/verify-email`, { data: { token }, headers: { origin } });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * The card-free trial the test server starts without Stripe keys: confirms the account's
 * address from the outbox (a trial waits for it), then POST /api/create-subscription.
 */
export async function startCardFreeTrial(request: APIRequestContext, userId: number, origin: string = baseUrl()): Promise<void> {
  await confirmEmailViaOutbox(request, origin);
  const res = await request.post(`${origin}/api/create-subscription`, { data: { userId, planType: "monthly" }, headers: { origin } });
  expect(res.status(), await res.text()).toBe(200);
  expect(((await res.json()) as { status: string }).status).toBe("trial");
}
