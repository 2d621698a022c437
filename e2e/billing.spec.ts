/**
 * Billing, end to end (issue 17). A second app server runs with Stripe keys pointed at the
 * local fake Stripe (src/server/test/fake-stripe.ts — Stripe cannot be reached from here),
 * for the journey trial → cancel → resume → cancel with Settings showing each state, and a
 * past-due banner. The suite's own server (no keys) covers the card-free trial: confirm the
 * address from the mailed link, start the trial, end it at once.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Locator, Page } from "@playwright/test";
import { startFakeStripe, type FakeStripe } from "../src/server/test/fake-stripe";
import { expect, expectAccessible, test } from "./fixtures";
import { waitForHealth } from "./support/health";
import { baseUrl, newAccount } from "./support/auth";

const STRIPE_PORT = Number(process.env.E2E_PORT ?? 5100) + 1000;
const stripeOrigin = `http://localhost:${STRIPE_PORT}`;
const WEBHOOK_SECRET = "whsec_e2e";
const SHOTS = process.env.BILLING_SHOTS_DIR;

let fake: FakeStripe;
let server: ChildProcess;

// Each journey walks several pages of a second, freshly started server next to the running suite.
test.describe.configure({ timeout: 60_000 });

test.beforeAll(async () => {
  // A second server starting (migrations on a fresh embedded database) next to a running suite.
  test.setTimeout(120_000);
  fake = await startFakeStripe();
  server = spawn(process.execPath, ["dist/server/main.js"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      PATH: process.env.PATH,
      PORT: String(STRIPE_PORT),
      DATA_DIR: mkdtempSync(join(tmpdir(), "cleanspace-e2e-billing-")),
      NODE_ENV: "test",
      LOG_LEVEL: "error",
      RATE_LIMIT_MULTIPLIER: "50",
      STRIPE_SECRET_KEY: "sk_test_e2e",
      STRIPE_PUBLISHABLE_KEY: "pk_test_e2e",
      STRIPE_PRICE_MONTHLY: "price_monthly",
      STRIPE_PRICE_YEARLY: "price_yearly",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: fake.url,
    },
  });
  await waitForHealth(`${stripeOrigin}/api/health`);
});

test.afterAll(async () => {
  server?.kill();
  await fake?.close();
});

test.afterEach(() => fake.verify());

const stateOf = (page: Page) => page.getByTestId("subscription-state");
const section = (page: Page) => page.getByRole("region", { name: "Subscription" });

async function screenshots(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [360, 414, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await section(page).scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, `${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Opens the action's confirmation dialog and confirms it. */
async function confirm(page: Page, open: Locator, dialogTitle: string, confirmLabel: string): Promise<void> {
  await open.click();
  const dialog = page.getByRole("alertdialog", { name: dialogTitle });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: confirmLabel }).click();
  await expect(dialog).toBeHidden();
}

/** A new account on the Stripe-configured server with a monthly trial (a trialing subscription at the fake). */
async function subscribeWithCard(page: Page): Promise<{ id: number; subscriptionId: string }> {
  const headers = { origin: stripeOrigin };
  const created = await page.request.post(`${stripeOrigin}/api/users`, { data: newAccount(), headers });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const res = await page.request.post(`${stripeOrigin}/api/create-subscription`, { data: { userId: id, planType: "monthly" }, headers });
  expect(res.status(), await res.text()).toBe(200);
  // The card form would open now (Stripe.js cannot load here); the trial runs meanwhile.
  expect((await res.json()).status).toBe("requires_setup");
  return { id, subscriptionId: fake.subscriptionIds().at(-1)! };
}

/** Delivers a webhook as Stripe would: signed with the real library's test-header helper. */
async function deliver(page: Page, type: string, object: Record<string, unknown>): Promise<void> {
  const { payload, header } = fake.signedEvent(type, object, WEBHOOK_SECRET);
  const res = await page.request.post(`${stripeOrigin}/api/stripe/webhook`, {
    data: payload,
    headers: { "content-type": "application/json", "stripe-signature": header },
  });
  expect(res.status(), await res.text()).toBe(200);
}

test("a trial with a card: cancel → resume → cancel, Settings showing each state", async ({ page }) => {
  await subscribeWithCard(page);
  await page.goto(`${stripeOrigin}/settings`);
  await expect(stateOf(page)).toHaveText("Free trial");
  await expect(section(page)).toContainText("Monthly Pro");
  await expect(section(page)).toContainText(/Free trial ends on .+, then your plan renews/);
  await expect(section(page).getByRole("button", { name: "Update payment method" })).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, "trial");

  await confirm(
    page,
    section(page).getByRole("button", { name: "Cancel subscription" }),
    "Cancel your subscription?",
    "Cancel subscription",
  );
  await expect(stateOf(page)).toHaveText("Canceled at period end");
  await expect(page.getByRole("region", { name: "Notification" })).toContainText("Subscription canceled");
  await expect(section(page)).toContainText(/Ends on .+ · no further charges/);
  await expectAccessible(page);
  await screenshots(page, "canceling");

  await confirm(page, section(page).getByRole("button", { name: "Resume subscription" }), "Resume your subscription?", "Resume");
  await expect(stateOf(page)).toHaveText("Free trial");
  await expect(page.getByRole("region", { name: "Notification" })).toContainText("Subscription resumed");

  await confirm(
    page,
    section(page).getByRole("button", { name: "Cancel subscription" }),
    "Cancel your subscription?",
    "Cancel subscription",
  );
  await expect(stateOf(page)).toHaveText("Canceled at period end");
  // Stripe agrees: the trial will end without a charge. And it survives a reload.
  await page.reload();
  await expect(stateOf(page)).toHaveText("Canceled at period end");
  const updates = fake.requests.filter((r) => r.method === "POST" && r.path.startsWith("/v1/subscriptions/"));
  expect(updates.map((r) => r.body.cancel_at_period_end)).toEqual(["true", "false", "true"]);
});

test("a failed renewal shows the past-due banner with Update payment method; recovery clears it", async ({ page }) => {
  const { subscriptionId } = await subscribeWithCard(page);
  const paid = fake.activate(subscriptionId);
  await deliver(page, "invoice.paid", paid.invoice);
  const failed = fake.failRenewal(subscriptionId);
  await deliver(page, "invoice.payment_failed", failed.invoice);

  await page.goto(`${stripeOrigin}/settings`);
  await expect(stateOf(page)).toHaveText("Past due");
  const banner = section(page).getByRole("alert");
  await expect(banner).toContainText(
    /Your last payment failed\. Pro stays unlocked until .+; after that it is suspended until a payment succeeds\./,
  );
  await expect(banner.getByRole("button", { name: "Update payment method" })).toBeVisible();
  await expect(section(page).getByRole("button", { name: "Update payment method" })).toHaveCount(1);
  await expect(section(page).getByRole("button", { name: "Request refund" })).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, "past-due");

  await deliver(page, "invoice.paid", fake.recover(subscriptionId).invoice);
  await page.reload();
  await expect(stateOf(page)).toHaveText("Active");
  await expect(section(page).getByRole("alert")).toHaveCount(0);
  await expect(section(page)).toContainText(/Next renewal on /);
});

test("card-free trial (no Stripe keys): confirm the address from the mail, start the trial, end it at once", async ({ page }) => {
  const origin = baseUrl();
  const account = newAccount();
  const created = await page.request.post(`${origin}/api/users`, { data: account, headers: { origin } });
  expect(created.status()).toBe(201);

  await page.goto("/settings");
  await expect(stateOf(page)).toHaveText("No subscription");
  await expect(section(page)).toContainText("Confirm your e-mail address to start a free trial.");
  await section(page).getByRole("button", { name: "Send the link again" }).click();
  await expect(section(page).getByRole("button", { name: "Link sent" })).toBeDisabled();

  // The user opens the newest link from their inbox.
  const mails = (await (await page.request.get(`/api/test/outbox?to=${encodeURIComponent(account.email)}`)).json()) as { text: string }[];
  const link = /https?:\/\/\S+\/verify-email\?token=[\w-]+/.exec(mails[0]!.text)![0];
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByText("Your e-mail address is confirmed.")).toBeVisible();
  await expectAccessible(page);

  const { id } = (await (await page.request.get("/api/auth/me")).json()) as { id: number };
  const trial = await page.request.post("/api/create-subscription", { data: { userId: id, planType: "yearly" }, headers: { origin } });
  expect((await trial.json()).status).toBe("trial");

  await page.goto("/settings");
  await expect(stateOf(page)).toHaveText("Free trial");
  await expect(section(page)).toContainText("Yearly Pro");
  await expect(section(page)).toContainText(
    "Update payment method is unavailable: card payments are not set up on this server, so there is no card to update.",
  );
  await expectAccessible(page);
  await screenshots(page, "card-free-trial");

  await confirm(page, section(page).getByRole("button", { name: "Cancel subscription" }), "End your free trial now?", "End trial");
  await expect(stateOf(page)).toHaveText("No subscription");
  await expect(page.getByRole("region", { name: "Notification" })).toContainText("Free trial ended");
  await expect(section(page)).toContainText("Your free trial has been used.");
  expect((await (await page.request.get("/api/auth/me")).json()).subscriptionStatus).toBe("free");
});
