/**
 * Every setting takes effect (issue 16), on this device and after signing in on another:
 * each test asserts what the setting does — vibrations, sounds, the tip card, the theme,
 * the scan mode, the daily reminder — not only that its switch stays where it was put.
 */
import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { baseUrl, registerViaApi, type TestAccount } from "./support/auth";

declare global {
  interface Window {
    __vibrations: Array<number | number[]>;
    __tones: number;
    __notifications: string[];
  }
}

/** Records what the device layer does: vibrations, Web Audio oscillators, notifications shown. */
async function recordDeviceEffects(context: BrowserContext, notificationPermission: NotificationPermission | "none" = "granted") {
  await context.addInitScript((permission) => {
    localStorage.setItem("tourCompleted", "true");
    window.__vibrations = [];
    window.__tones = 0;
    window.__notifications = [];
    Object.defineProperty(navigator, "vibrate", {
      configurable: true,
      value: (p: number | number[]) => (window.__vibrations.push(p), true),
    });
    const param = { setValueAtTime() {}, exponentialRampToValueAtTime() {} };
    class FakeAudioContext {
      state = "running";
      currentTime = 0;
      destination = {};
      resume() {
        return Promise.resolve();
      }
      createOscillator() {
        window.__tones += 1;
        return { type: "sine", frequency: param, connect: (n: unknown) => n, start() {}, stop() {} };
      }
      createGain() {
        return { gain: param, connect: (n: unknown) => n };
      }
    }
    Object.defineProperty(window, "AudioContext", { configurable: true, value: FakeAudioContext });
    if (permission === "none") {
      Object.defineProperty(window, "Notification", { configurable: true, value: undefined });
      return;
    }
    class FakeNotification {
      static permission = permission;
      static requestPermission() {
        return Promise.resolve(permission);
      }
      constructor(title: string) {
        window.__notifications.push(title);
      }
    }
    Object.defineProperty(window, "Notification", { configurable: true, value: FakeNotification });
    ServiceWorkerRegistration.prototype.showNotification = function (title: string) {
      window.__notifications.push(title);
      return Promise.resolve();
    };
  }, notificationPermission);
}

/** A second browser context, signed in as `account`: another device. */
async function otherDevice(browser: Browser, account: TestAccount): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseUrl() });
  await recordDeviceEffects(context);
  const page = await context.newPage();
  const res = await page.request.post("/api/auth/login", {
    data: { email: account.email, password: account.password },
    headers: { origin: baseUrl() },
  });
  expect(res.status()).toBe(200);
  return { context, page };
}

const setting = (page: Page, name: string) => page.getByRole("switch", { name });

async function flip(page: Page, name: string, on: boolean) {
  const toggle = setting(page, name);
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-checked", String(on));
}

async function savedSettings(page: Page): Promise<Record<string, unknown>> {
  return (await (await page.request.get("/api/settings")).json()) as Record<string, unknown>;
}

test("Haptic Feedback and Sound Effects off hold after a reload and on another device", async ({ page, context, browser }) => {
  await recordDeviceEffects(context);
  const account = await registerViaApi(page.request);
  await page.goto("/settings");

  // On: a tab tap vibrates (spec §2, 50 ms selection) and a settings tap clicks (spec §9).
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Settings" }).click();
  expect(await page.evaluate(() => window.__vibrations)).toEqual([50]);
  await flip(page, "Daily Tips", false);
  expect(await page.evaluate(() => window.__tones)).toBeGreaterThan(0);

  await flip(page, "Sound Effects", false);
  await flip(page, "Haptic Feedback", false);
  await expect.poll(() => savedSettings(page)).toMatchObject({ soundEffects: false, hapticFeedback: false });

  await page.reload();
  await expect(setting(page, "Haptic Feedback")).not.toBeChecked();
  await flip(page, "Daily Tips", true);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Organize" }).click();
  await expect(page).toHaveURL(/\/organize/);
  expect(await page.evaluate(() => ({ vibrations: window.__vibrations, tones: window.__tones }))).toEqual({ vibrations: [], tones: 0 });

  const other = await otherDevice(browser, account);
  await other.page.goto("/settings");
  await expect(setting(other.page, "Sound Effects")).not.toBeChecked();
  await other.page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Insights" }).click();
  await expect(other.page).toHaveURL(/\/insights/);
  await other.page.goto("/settings");
  await flip(other.page, "Daily Tips", false);
  expect(await other.page.evaluate(() => ({ vibrations: window.__vibrations, tones: window.__tones }))).toEqual({
    vibrations: [],
    tones: 0,
  });

  // Turned back on there, it works again.
  await flip(other.page, "Haptic Feedback", true);
  await other.page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" }).click();
  expect(await other.page.evaluate(() => window.__vibrations)).toEqual([50]);
  await other.context.close();
});

test("Daily Tips off hides the tip card, here and on another device", async ({ page, context, browser }) => {
  await recordDeviceEffects(context);
  const account = await registerViaApi(page.request);
  await page.goto("/home");
  await expect(page.getByRole("heading", { name: "Tip of the day" })).toBeVisible();
  await page.goto("/settings");
  await flip(page, "Daily Tips", false);
  await expect.poll(() => savedSettings(page)).toMatchObject({ dailyTips: false });
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" }).click();
  await expect(page.getByRole("heading", { name: "Declutter Categories" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Tip of the day" })).toHaveCount(0);

  const other = await otherDevice(browser, account);
  await other.page.goto("/home");
  await expect(other.page.getByRole("heading", { name: "Declutter Categories" })).toBeVisible();
  await expect(other.page.getByRole("heading", { name: "Tip of the day" })).toHaveCount(0);
  await other.context.close();
});

test("Dark Mode follows the account's setting on another device, and the switch changes the page", async ({ page, context, browser }) => {
  await recordDeviceEffects(context);
  const account = await registerViaApi(page.request);
  await page.goto("/settings");
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await flip(page, "Dark Mode", false);
  await expect(page.locator("html")).toHaveClass(/\blight\b/);
  await expect.poll(() => savedSettings(page)).toMatchObject({ darkMode: false });

  // A fresh device starts dark (spec §4) and turns light once the account's setting arrives.
  const other = await otherDevice(browser, account);
  await other.page.goto("/home");
  await expect(other.page.locator("html")).toHaveClass(/\blight\b/);
  await other.page.reload();
  await expect(other.page.locator("html")).toHaveClass(/\blight\b/);
  await other.context.close();
});

test("the scan panel scans the way the saved quick-scan setting says", async ({ page, context }) => {
  await recordDeviceEffects(context);
  await registerViaApi(page.request);
  // Two files of the same size but different contents: duplicates only by size.
  const dir = mkdtempSync(join(tmpdir(), "cleanspace-quick-"));
  mkdirSync(join(dir, "docs"));
  writeFileSync(join(dir, "docs", "a.txt"), "same size, first");
  writeFileSync(join(dir, "docs", "b.txt"), "same size, other");

  const scan = async () => {
    await page.goto("/home");
    await page.getByRole("button", { name: "Real data scan" }).click();
    await page.getByLabel("Or choose a folder manually (works in every browser)").setInputFiles(dir);
    await expect(page.getByText("Scan Complete", { exact: true })).toBeVisible({ timeout: 20_000 });
  };

  await page.goto("/home");
  await page.getByRole("button", { name: "Real data scan" }).click();
  await expect(page.getByTestId("scan-mode")).toContainText("Full scan");
  await expect(page.getByRole("checkbox")).toHaveCount(0);
  await scan();
  await expect(page.getByText("Duplicates Found", { exact: true })).toBeVisible();

  await page.goto("/settings");
  await flip(page, "Quick scans (sizes only)", true);
  await expect.poll(() => savedSettings(page)).toMatchObject({ metadataOnlyScan: true });
  await scan();
  await expect(page.getByText("Possible Duplicates", { exact: true })).toBeVisible();
});

test.describe("Push Notifications", () => {
  test("schedules a daily reminder that shows at the hour, and off cancels it", async ({ page, context }) => {
    await recordDeviceEffects(context, "granted");
    // A fake clock just before the reminder hour (19:00 local), so the test need not wait a day.
    await page.clock.install({ time: new Date(2030, 0, 7, 18, 58, 0) });
    await registerViaApi(page.request);
    await page.goto("/settings");
    await expect(setting(page, "Push Notifications")).toBeChecked();
    await expect(page.getByTestId("reminder-status")).toContainText("while CleanSpace is open in a tab");
    await expect(page.getByTestId("reminder-status")).toContainText("can't show it when the app is closed");

    await page.clock.fastForward("03:00");
    await expect.poll(() => page.evaluate(() => window.__notifications)).toEqual(["Time for today's cleanup"]);

    await flip(page, "Push Notifications", false);
    await expect(page.getByTestId("reminder-status")).toHaveCount(0);
    await page.clock.fastForward("24:00:00");
    expect(await page.evaluate(() => window.__notifications)).toEqual(["Time for today's cleanup"]);
  });

  test("says plainly when the browser blocks notifications or has none", async ({ page, context, browser }) => {
    await recordDeviceEffects(context, "denied");
    const account = await registerViaApi(page.request);
    await page.goto("/settings");
    await expect(page.getByTestId("reminder-status")).toHaveText(/Notifications are blocked for CleanSpace/);

    const bare = await browser.newContext({ baseURL: baseUrl() });
    await recordDeviceEffects(bare, "none");
    const other = await bare.newPage();
    await other.request.post("/api/auth/login", {
      data: { email: account.email, password: account.password },
      headers: { origin: baseUrl() },
    });
    await other.goto("/settings");
    await expect(other.getByTestId("reminder-status")).toHaveText("This browser can't show notifications, so no reminder can be shown.");
    await bare.close();
  });

  test("asks for permission only on a tap", async ({ page, context }) => {
    await recordDeviceEffects(context, "default");
    await registerViaApi(page.request);
    await page.goto("/settings");
    await expect(page.getByTestId("reminder-status")).toContainText("hasn't allowed CleanSpace to show notifications yet");
    await expect(page.getByRole("button", { name: "Allow notifications" })).toBeVisible();
  });
});
