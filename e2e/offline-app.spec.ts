/**
 * Opened offline (issue 16), the signed-in app shows what it last knew: the user (no "User"
 * greeting, no promo banner for a paying user), their data and streak from the spec's local
 * database (§3: users, digitalData, streaks), and Organize without an endless "Loading…".
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { baseUrl, newAccount, registerViaApi, startCardFreeTrial } from "./support/auth";

// These journeys are about the service worker, which the config blocks elsewhere.
test.use({ serviceWorkers: "allow" });

/** A saved scan and a three-day streak, through the test-only seed route. */
async function seedScanAndStreak(request: APIRequestContext) {
  const categories = Object.fromEntries(
    ["photo", "video", "audio", "document", "archive", "application", "other"].map((c) => [c, { count: 0, bytes: 0 }]),
  );
  categories.photo = { count: 40, bytes: 40_000_000 };
  categories.document = { count: 60, bytes: 6_000_000 };
  const summary = {
    schemaVersion: 1,
    categories,
    totalFiles: 100,
    totalBytes: 46_000_000,
    duplicateGroups: 3,
    duplicateFiles: 6,
    duplicateBytes: 6_000_000,
    largeFiles: 0,
    largeBytes: 0,
    oldFiles: 10,
    oldBytes: 1_000_000,
    emptyFiles: 0,
    skipped: 0,
    photosCount: 40,
    photosDuplicates: 6,
    appsCount: 0,
    appsUnused: 0,
    emailCount: 0,
    emailUnread: 0,
    metadataOnly: false,
    scannedAt: new Date().toISOString(),
  };
  const res = await request.post("/api/test/seed-insights", {
    data: { snapshots: [{ daysAgo: 0, summary }], streak: { historyDaysAgo: [0, 1, 2], longestStreak: 3 } },
    headers: { origin: baseUrl() },
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function storedKeys(page: Page): Promise<Record<string, number>> {
  return page.evaluate(async () => {
    // The app writes its offline copies after the load event: until then the database may not
    // exist. Opening it here must not create it (an empty one would stop the app's own upgrade).
    const db: IDBDatabase | null = await new Promise((resolve) => {
      const open = indexedDB.open("CleanSpace");
      open.onupgradeneeded = () => open.transaction?.abort();
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => resolve(null);
    });
    if (!db) return { users: 0, digitalData: 0, streaks: 0 };
    const count = (store: string) =>
      new Promise<number>((resolve) => {
        if (!db.objectStoreNames.contains(store)) return resolve(0);
        const req = db.transaction(store).objectStore(store).count();
        req.onsuccess = () => resolve(req.result);
      });
    const out = { users: await count("users"), digitalData: await count("digitalData"), streaks: await count("streaks") };
    db.close();
    return out;
  });
}

test("the signed-in app opened offline shows the cached user, data, streak and Organize", async ({ page, context, consoleErrors }) => {
  await page.addInitScript(() => localStorage.setItem("tourCompleted", "true"));
  const user = await registerViaApi(page.request, newAccount({ name: "Ada Lovelace" }));
  await startCardFreeTrial(page.request, user.id);
  await seedScanAndStreak(page.request);
  await page.request.put("/api/preferences", { data: { skipped: true }, headers: { origin: baseUrl() } });

  // Online once: the service worker takes over and the local database fills.
  await page.goto("/home");
  await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Good morning, Ada Lovelace" })).toBeVisible();
  const score = await page.getByTestId("health-score").textContent();
  await expect(page.getByTestId("streak-days")).toHaveText("3 days");
  await expect.poll(() => storedKeys(page)).toEqual({ users: 1, digitalData: 1, streaks: 1 });

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Good morning, Ada Lovelace" })).toBeVisible();
  await expect(page.getByTestId("health-score")).toHaveText(score!);
  await expect(page.getByTestId("streak-days")).toHaveText("3 days");
  await expect(page.getByText("Premium Features Preview")).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Photos: 40 items, 6 duplicates/ })).toBeVisible();

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Organize" }).click();
  await expect(page.getByRole("heading", { name: "Organize", level: 1 })).toBeVisible();
  await expect(page.getByTestId("organize-score")).toContainText(`Organize score ${Math.round(Number(score) * 0.8)}`);
  await expect(page.getByRole("status").filter({ hasText: /^Loading…$/ })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Upgrade to Pro" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Batch operations" })).toBeVisible();

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Settings" }).click();
  await expect(page.getByTestId("profile-name")).toHaveText("Ada Lovelace");
  await context.setOffline(false);

  // The only errors allowed are the API calls that offline provoked.
  const offline = consoleErrors.filter((e) => /ERR_INTERNET_DISCONNECTED|Failed to fetch/.test(e));
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !offline.includes(e)));
});

test("signing out clears the cached user, so offline shows nobody's data", async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem("tourCompleted", "true"));
  await registerViaApi(page.request, newAccount({ name: "Grace Hopper" }));
  await page.goto("/home");
  await expect(page.getByRole("heading", { name: "Good morning, Grace Hopper" })).toBeVisible();
  await expect.poll(async () => (await storedKeys(page)).users).toBe(1);
  await page.goto("/settings");
  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect.poll(() => storedKeys(page)).toEqual({ users: 0, digitalData: 0, streaks: 0 });
});
