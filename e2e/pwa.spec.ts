/**
 * The installable app (docs/decisions/003-device-and-offline.md): the web app manifest and
 * its icons, the service worker and its offline shell, Chrome's own installability check,
 * and the install prompt card (spec §2, §4, §9).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures";

// These journeys are about the service worker, which the config blocks elsewhere.
test.use({ serviceWorkers: "allow" });

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

async function waitForServiceWorker(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active?.scriptURL ?? "";
  });
}

test.describe("installable app", () => {
  test("serves the manifest with the app's fields and real PNG icons", async ({ page, request }) => {
    await page.goto("/");
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");

    const res = await request.get("/manifest.webmanifest");
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toContain("application/manifest+json");
    const manifest = (await res.json()) as Record<string, unknown> & { icons: Array<Record<string, string>> };
    expect(manifest).toMatchObject({
      name: "CleanSpace",
      short_name: "CleanSpace",
      theme_color: "#2563eb",
      background_color: "#0b1120",
      display: "standalone",
      start_url: "/",
    });
    const icons = manifest.icons.map((i) => `${i.sizes} ${i.purpose ?? "any"}`);
    expect(icons).toEqual(expect.arrayContaining(["192x192 any", "512x512 any", "512x512 maskable"]));
    for (const icon of manifest.icons) {
      const png = await request.get(icon.src!);
      expect(png.headers()["content-type"]).toBe("image/png");
      const [w, h] = icon.sizes!.split("x").map(Number);
      expect(pngSize(await png.body())).toEqual({ width: w, height: h });
    }
  });

  test("registers a service worker that controls the page after a reload", async ({ page, request }) => {
    const sw = await request.get("/sw.js");
    expect(sw.headers()["content-type"]).toContain("javascript");
    await page.goto("/");
    expect(await waitForServiceWorker(page)).toMatch(/\/sw\.js$/);
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toMatch(/\/sw\.js$/);
  });

  test("Chrome finds the app installable", async ({ baseURL }, testInfo) => {
    // Playwright's usual contexts are incognito, which Chrome never installs from; a
    // persistent profile is what a real visitor has.
    const profile = mkdtempSync(join(tmpdir(), "cleanspace-pwa-"));
    const context = await chromium.launchPersistentContext(profile, { ...testInfo.project.use.launchOptions, baseURL });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto("/");
      await waitForServiceWorker(page);
      await page.reload();
      const cdp = await context.newCDPSession(page);
      await expect.poll(async () => (await cdp.send("Page.getInstallabilityErrors")).installabilityErrors, { timeout: 15_000 }).toEqual([]);
      const { url, data } = await cdp.send("Page.getAppManifest");
      expect(url).toMatch(/\/manifest\.webmanifest$/);
      expect(JSON.parse(data ?? "{}")).toMatchObject({ name: "CleanSpace" });
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  test("offline, a reload and a deep link still render the app shell", async ({ page, context, consoleErrors }) => {
    await page.goto("/");
    await waitForServiceWorker(page);
    await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

    await context.setOffline(true);
    await page.reload();
    await expect(page.locator("#root")).not.toBeEmpty();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // A page never visited before comes from the precached shell (navigation fallback).
    await page.goto("/privacy");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(/CleanSpace/);
    await context.setOffline(false);

    // The only errors allowed are the API calls the offline test provoked.
    const offline = consoleErrors.filter((e) => /ERR_INTERNET_DISCONNECTED|Failed to fetch/.test(e));
    consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !offline.includes(e)));
  });

  test("the service worker never answers /api with the app shell", async ({ page }) => {
    await page.goto("/");
    await waitForServiceWorker(page);
    await page.reload();
    const res = await page.goto("/api/health");
    expect(res?.headers()["content-type"]).toContain("application/json");
  });
});

async function offerInstall(page: Page, outcome: "accepted" | "dismissed" = "accepted") {
  // The card's chunk loads lazily; fire the browser's event until it is listening.
  await expect(async () => {
    await page.evaluate((o) => {
      const w = window as unknown as { prompted: number };
      w.prompted ??= 0;
      const event = Object.assign(new Event("beforeinstallprompt", { cancelable: true }), {
        prompt: async () => void (w.prompted += 1),
        userChoice: Promise.resolve({ outcome: o, platform: "web" }),
      });
      window.dispatchEvent(event);
    }, outcome);
    await expect(page.getByRole("region", { name: "Install CleanSpace" })).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 7000 });
}

test.describe("install prompt", () => {
  test("appears when the browser offers install; 'Not Now' hides it for 24 h", async ({ page }) => {
    await page.goto("/privacy");
    const card = page.getByRole("region", { name: "Install CleanSpace" });
    await expect(card).toHaveCount(0);
    await offerInstall(page);
    await expect(card.getByRole("button", { name: "Install App" })).toBeVisible();
    await expect(card.getByRole("button", { name: "Close" })).toBeVisible();
    await expectAccessible(page);

    await card.getByRole("button", { name: "Not Now" }).click();
    await expect(card).toHaveCount(0);
    const stamp = Number(await page.evaluate(() => localStorage.getItem("installPromptDismissedAt")));
    expect(Math.abs(Date.now() - stamp)).toBeLessThan(60_000);

    // Offered again within 24 h: stays hidden.
    await page.reload();
    // Fired until the app captures it (it cancels the browser's own infobar), with the card's
    // lazy chunk loaded and a frame painted: a card that ignored the dismissal would be up.
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            !window.dispatchEvent(
              Object.assign(new Event("beforeinstallprompt", { cancelable: true }), {
                prompt: async () => {},
                userChoice: new Promise(() => {}),
              }),
            ),
        ),
      )
      .toBe(true);
    await page.waitForLoadState("networkidle");
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await expect(card).toHaveCount(0);

    // A day later it may come back.
    await page.evaluate(() => localStorage.setItem("installPromptDismissedAt", String(Date.now() - 24 * 60 * 60 * 1000 - 1)));
    await page.reload();
    await offerInstall(page);
  });

  test("'Install App' opens the browser's dialog, and the card goes once installed", async ({ page }) => {
    await page.goto("/privacy");
    await offerInstall(page, "accepted");
    const card = page.getByRole("region", { name: "Install CleanSpace" });
    await card.getByRole("button", { name: "Install App" }).click();
    await expect(card).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { prompted: number }).prompted)).toBe(1);
  });

  test("the close button dismisses it too", async ({ page }) => {
    await page.goto("/privacy");
    await offerInstall(page);
    await page.getByRole("region", { name: "Install CleanSpace" }).getByRole("button", { name: "Close" }).click();
    await expect(page.getByRole("region", { name: "Install CleanSpace" })).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem("installPromptDismissedAt"))).not.toBeNull();
  });
});
