/**
 * /subscribe journeys on the server as `npm start` runs it with no Stripe keys: plans are
 * card-free trials, lifetime is unavailable, and Stripe.js is never loaded.
 */
import type { Page } from "@playwright/test";
import { expect, expectAccessible as axeCheck, test } from "./fixtures";
import { confirmEmailViaOutbox, registerViaApi } from "./support/auth";

/** axe samples colours; let the route fade-in finish first. */
async function expectAccessible(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
  await axeCheck(page);
}

function toast(page: Page, title: string) {
  return page
    .getByRole("region", { name: /Notification/ })
    .getByRole("listitem")
    .filter({ hasText: title });
}

const DAY_MS = 24 * 3600 * 1000;

test.describe("subscribe", () => {
  test("signed out: choosing a plan asks to log in", async ({ page }) => {
    await page.goto("/subscribe");
    await expect(page.getByRole("heading", { level: 1, name: "Upgrade to CleanSpace Pro" })).toBeVisible();
    const plans = page.getByRole("list", { name: "Plans" }).getByRole("article");
    await expect(plans).toHaveCount(3);
    await expect(plans.nth(1)).toContainText("Most Popular");
    await expect(page.getByText("30-day money-back guarantee")).toBeVisible();
    await expect(page.getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/login");
    await expectAccessible(page);

    await page.getByRole("button", { name: /with Monthly Pro/ }).click();
    await expect(toast(page, "Authentication Required")).toContainText("Please log in to subscribe.");
    await expect(page).toHaveURL(/\/subscribe$/);
  });

  test("a new user starts the Monthly trial and Pro unlocks", async ({ page }) => {
    const stripeRequests: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("stripe.com")) stripeRequests.push(r.url());
    });
    await registerViaApi(page.request);
    // A card-free trial waits for a confirmed address (issue 17).
    await confirmEmailViaOutbox(page.request);
    await page.goto("/subscribe");
    // No card payments on this server: lifetime cannot be bought.
    await expect(page.getByRole("button", { name: /with Lifetime Pro/ })).toBeDisabled();

    const before = Date.now();
    await page.getByRole("button", { name: /with Monthly Pro/ }).click();
    await expect(toast(page, "Free Trial Started")).toContainText("Your 3-day free trial of CleanSpace Pro has started.");
    await expect(page).toHaveURL(/\/home$/);

    const me = await (await page.request.get("/api/auth/me")).json();
    expect(me.subscriptionStatus).toBe("trial");
    const ends = new Date(me.trialEndsAt).getTime();
    expect(ends).toBeGreaterThanOrEqual(before + 3 * DAY_MS - 5_000);
    expect(ends).toBeLessThanOrEqual(Date.now() + 3 * DAY_MS);

    await page.goto("/subscribe");
    const plan = page.getByRole("region", { name: "Your plan: Monthly Pro" });
    await expect(plan).toContainText("Pro unlocked");
    await expect(plan).toContainText("Free trial · ends on");
    await expect(plan.locator("time")).toHaveAttribute("datetime", me.trialEndsAt);
    await expectAccessible(page);

    // Asking again neither extends the trial nor opens a payment form.
    await page.getByRole("button", { name: /with Yearly Pro/ }).click();
    await expect(page).toHaveURL(/\/home$/);
    expect((await (await page.request.get("/api/auth/me")).json()).trialEndsAt).toBe(me.trialEndsAt);
    expect(stripeRequests).toEqual([]);
  });
});
