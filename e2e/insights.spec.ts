/**
 * Insights, end to end (issue 8): a trial user with a seeded week of scans, cleanups and a
 * streak sees their own figures on every tab; a suggestion is dismissed for good and another
 * leads to Organize; the JSON export downloads; a backup downloads and restores (a bad file
 * changes nothing); a free user sees only the three upgrade prompts. Expected figures come
 * from the same domain rules, applied to the seeded history here.
 */
import { readFileSync, writeFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { scoreSummary } from "../src/domain/health-score";
import { SCAN_CATEGORIES } from "../src/domain/scan-rules";
import type { ScanSummary } from "../src/domain/schemas/scan-summary";
import { computeWellness } from "../src/domain/wellness";
import { expect, expectAccessible, test } from "./fixtures";
import { baseUrl, registerViaApi, startCardFreeTrial } from "./support/auth";

type Cat = (typeof SCAN_CATEGORIES)[number];

/** A consistent scan aggregate: 400 photos and 600 documents, with the given clutter. */
function summary(over: Partial<Omit<ScanSummary, "categories">>): ScanSummary {
  const categories = Object.fromEntries(SCAN_CATEGORIES.map((c) => [c, { count: 0, bytes: 0 }])) as Record<
    Cat,
    { count: number; bytes: number }
  >;
  categories.photo = { count: 400, bytes: 800_000_000 };
  categories.document = { count: 600, bytes: 180_000_000 };
  return {
    schemaVersion: 1,
    categories,
    totalFiles: 1000,
    totalBytes: 980_000_000,
    duplicateGroups: 10,
    duplicateFiles: 40,
    duplicateBytes: 80_000_000,
    largeFiles: 7,
    largeBytes: 300_000_000,
    oldFiles: 250,
    oldBytes: 100_000_000,
    emptyFiles: 0,
    skipped: 0,
    photosCount: 400,
    photosDuplicates: 25,
    appsCount: 20,
    appsUnused: 6,
    emailCount: 400,
    emailUnread: 180,
    metadataOnly: false,
    scannedAt: "2026-01-01T12:00:00.000Z",
    ...over,
  };
}

/** Four scans over the week, each with less clutter; days 5, 3 and 1 have none (scores carry). */
const SCANS = [
  { daysAgo: 6, summary: summary({ duplicateFiles: 130, photosDuplicates: 90, oldFiles: 420, emailUnread: 300, appsUnused: 9 }) },
  { daysAgo: 4, summary: summary({ duplicateFiles: 100, photosDuplicates: 70, oldFiles: 350, emailUnread: 260, appsUnused: 8 }) },
  { daysAgo: 2, summary: summary({ duplicateFiles: 70, photosDuplicates: 45, oldFiles: 300, emailUnread: 220, appsUnused: 7 }) },
  { daysAgo: 0, summary: summary({}) },
];
const score = (s: ScanSummary) => scoreSummary(s).score;
const [S6, S4, S2, S0] = SCANS.map((s) => score(s.summary)) as [number, number, number, number];
/** The week's daily scores, oldest first, carried over the days without a scan. */
const WEEK = [S6, S6, S4, S4, S2, S2, S0];
const AVERAGE = Math.round(WEEK.reduce((a, b) => a + b, 0) / 7);

const EVENTS = [
  // Moved to the trash (reclaimable), then deleted for good (freed): 400 MB, counted once.
  { daysAgo: 5, category: "photos", action: "trash", items: 20, bytesFreed: 400_000_000 },
  { daysAgo: 4, category: "photos", action: "delete", items: 20, bytesFreed: 400_000_000 },
  // Measured bytes unknown: the spec's 2.5 MB per item, shown as an estimate.
  { daysAgo: 3, category: "apps", action: "quick-action", items: 4, bytesFreed: 0 },
  // A review changes nothing on the device: no cleanup.
  { daysAgo: 1, category: "files", action: "review", items: 10, bytesFreed: 0 },
];

const origin = () => ({ origin: baseUrl() });

/** A trial user with the seeded week; returns the server's "today" for file names. */
async function seededTrialUser(page: Page): Promise<{ id: number; email: string; today: string }> {
  const user = await registerViaApi(page.request);
  await startCardFreeTrial(page.request, user.id);
  const res = await page.request.post("/api/test/seed-insights", {
    data: { snapshots: SCANS, events: EVENTS, streak: { historyDaysAgo: [0, 1, 2, 3, 4, 5, 6], longestStreak: 7 } },
    headers: origin(),
  });
  expect(res.status(), await res.text()).toBe(200);
  const { today } = (await res.json()) as { today: string };
  return { id: user.id, email: user.email, today };
}

function toast(page: Page, title: string) {
  return page
    .getByRole("region", { name: /Notification/ })
    .getByRole("listitem")
    .filter({ hasText: title });
}

async function openTab(page: Page, name: string) {
  await page.getByRole("tablist", { name: "Insights" }).getByRole("tab", { name }).click();
}

test.describe("insights", () => {
  test("a free user sees only the three upgrade prompts", async ({ page }) => {
    await registerViaApi(page.request);
    await page.goto("/insights");
    await expect(page.getByRole("heading", { level: 1, name: "Insights" })).toBeVisible();
    for (const title of ["Advanced Analytics & Insights", "Smart Suggestions", "Digital Wellness Tracking"]) {
      await expect(page.getByRole("heading", { name: title })).toBeVisible();
    }
    await expect(page.getByRole("link", { name: "Upgrade to Pro" })).toHaveCount(3);
    await expect(page.getByRole("tab")).toHaveCount(0);
    await expectAccessible(page);
    // The server refuses too (spec §6).
    const me = await (await page.request.get("/api/auth/me")).json();
    expect((await page.request.get(`/api/insights/${me.id}`)).status()).toBe(403);
  });

  test("a trial user's week: Overview, Smart and Wellness show their own figures", async ({ page }) => {
    await seededTrialUser(page);
    await page.goto("/insights");
    const tabs = page.getByRole("tablist", { name: "Insights" }).getByRole("tab");
    await expect(tabs).toHaveText(["Overview", "Smart", "Wellness", "Export"]);

    // Overview: the week, carried scores, average, cleanup totals, categories, streak, achievements.
    const week = page.getByRole("region", { name: "Weekly Progress" });
    await expect(week).toContainText(`Average ${AVERAGE}`);
    const chart = week.getByRole("img");
    await expect(chart).toHaveAccessibleName(
      new RegExp(`: ${WEEK[0]};.*: ${WEEK[1]} \\(no scan that day, previous score\\);.*: ${WEEK[6]}\\.$`),
    );
    await expect(page.getByText("Average Health Score", { exact: true }).locator("..")).toContainText(String(AVERAGE));
    const freed = page.getByText("Storage Freed", { exact: true }).locator("..");
    await expect(freed).toContainText("≈410 MB");
    await expect(freed).toContainText("400 MB measured + ≈10.0 MB estimated (4 items × 2.5 MB)");
    const deleted = page.getByText("Items Deleted", { exact: true }).locator("..");
    await expect(deleted).toContainText("24");
    // Trashing 20 photos and later deleting them is 20 items, not 40 (issue 38): 20 + 4 apps.
    await expect(deleted).toContainText("24 items in 3 cleanups");
    await expect(page.getByText("In the Trash", { exact: true }).locator("..")).toContainText("0 B");

    const categories = page.getByRole("region", { name: "Category Progress" }).getByRole("listitem");
    await expect(categories.nth(0)).toContainText("duplicate photos: 90 → 25");
    await expect(categories.nth(0)).toContainText("+72%");
    await expect(categories.nth(3)).toContainText("unread e-mails: 300 → 180");
    await expect(categories.nth(3)).toContainText("+40%");

    const streak = page.getByRole("region", { name: "Streak Stats" });
    await expect(streak).toContainText("Current streak7 days");
    await expect(streak).toContainText("Longest streak7 days");

    const achievements = page.getByRole("region", { name: "Achievements" });
    await expect(achievements.getByRole("listitem", { name: "Week Warrior" })).toContainText("Unlocked");
    await expect(achievements.getByRole("listitem", { name: "Week Warrior" })).toContainText("silver");
    await expect(achievements.getByRole("listitem", { name: "Duplicate Hunter" })).toContainText("Unlocked");
    await expect(achievements.getByRole("listitem", { name: "Space Saver" })).toContainText("Locked");
    await expect(achievements.getByRole("listitem", { name: "Space Saver" })).toContainText("400 MB / 1.0 GB");
    await expect(achievements).toContainText("2 of 5 unlocked");

    const viz = page.getByRole("region", { name: "Your Progress" });
    await expect(viz).toContainText("4 days with a scan in the last 30 days");
    await viz.getByRole("tab", { name: "Timeline" }).click();
    await expect(viz.getByRole("table").getByRole("row")).toHaveCount(8);
    // Sample figures of the spec never appear.
    for (const sample of ["2.4 GB", "156 items", "89 duplicates"]) await expect(page.getByText(sample)).toHaveCount(0);
    await expectAccessible(page);

    // Smart: the spec's rules on the latest scan, best first; Dismiss is remembered.
    await openTab(page, "Smart");
    const cards = page.getByRole("article");
    await expect(cards.first()).toContainText("Remove duplicate photos");
    await expect(cards.first()).toContainText("high priority");
    await expect(cards.first()).toContainText("95% confidence");
    await expect(cards.first()).toContainText("Items affected25");
    await expect(page.getByRole("article", { name: "Review large files" })).toContainText("medium priority");
    await expect(page.getByRole("article", { name: "Clean up your inbox" })).toContainText("Items affected180");
    await expectAccessible(page);
    await page.getByRole("button", { name: "Dismiss Clean up your inbox" }).click();
    await expect(toast(page, "Suggestion Dismissed")).toBeVisible();
    await expect(page.getByRole("article", { name: "Clean up your inbox" })).toHaveCount(0);

    // Wellness: the spec's formulas on the latest scan and the 7-day streak.
    const wellness = computeWellness({
      healthScore: S0,
      photosCount: 400,
      filesCount: 600,
      appsCount: 20,
      appsUnused: 6,
      emailUnread: 180,
      streak: 7,
    });
    await openTab(page, "Wellness");
    const panel = page.getByRole("tabpanel", { name: "Wellness" });
    await expect(panel).toContainText(`Overall Wellness${wellness.overall} / 100`);
    await expect(panel).toContainText(wellness.message);
    await panel.getByRole("tab", { name: "Metrics" }).click();
    await expect(panel.getByRole("progressbar", { name: "Email Anxiety" })).toHaveAttribute("aria-valuenow", "36");
    await expect(panel.getByRole("progressbar", { name: "Maintenance Consistency" })).toHaveAttribute("aria-valuenow", "70");
    await panel.getByRole("tab", { name: "Tips" }).click();
    await expect(panel.getByRole("heading", { level: 3 })).toHaveText(wellness.tips.map((t) => t.title));
    await expectAccessible(page);

    // After a reload the dismissed suggestion stays away (the server remembers).
    await page.reload();
    await openTab(page, "Smart");
    await expect(page.getByRole("article", { name: "Remove duplicate photos" })).toBeVisible();
    await expect(page.getByRole("article", { name: "Clean up your inbox" })).toHaveCount(0);

    // Apply Suggestion takes the user to the matching Organize quick-select. Organize consumes
    // the query once its list is ready, so the navigation is awaited as it happens.
    await Promise.all([
      page.waitForURL(/\/organize\?tab=apps&select=unused$/),
      page
        .getByRole("article", { name: "Remove unused apps" })
        .getByRole("button", { name: /Apply Suggestion/ })
        .click(),
    ]);
  });

  test("Export: the JSON export downloads, a backup downloads and restores, a bad file changes nothing", async ({ page }, testInfo) => {
    const user = await seededTrialUser(page);
    await page.goto("/insights");
    await openTab(page, "Export");
    await expect(page.getByRole("article", { name: "Your Account Data" })).toContainText("Everything the server keeps about you");
    await expectAccessible(page);

    // The server data as JSON (portability).
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page
        .getByRole("article", { name: "Your Account Data" })
        .getByRole("button", { name: /Export JSON/ })
        .click(),
    ]);
    expect(download.suggestedFilename()).toBe(`cleanspace-data-${user.today}.json`);
    const data = JSON.parse(readFileSync(await download.path(), "utf8"));
    expect(data.format).toBe("cleanspace-account-export");
    expect(data.account).toMatchObject({ id: user.id, email: user.email, subscriptionStatus: "trial" });
    expect(data.account.password).toBeUndefined();
    expect(data.snapshots.map((s: { healthScore: number }) => s.healthScore)).toEqual([S6, S4, S2, S0]);
    expect(data.events).toHaveLength(4);
    expect(data.streak.currentStreak).toBe(7);
    await expect(toast(page, "Export Complete")).toBeVisible();

    // History lists it.
    await page.getByRole("tab", { name: "History" }).click();
    const history = page.getByRole("list", { name: "Export history" }).getByRole("listitem");
    await expect(history.first()).toContainText(`cleanspace-data-${user.today}.json`);
    await expect(history.first()).toContainText("completed");
    await expectAccessible(page);

    // Backup: one archive file.
    await page.getByRole("tab", { name: "Backup" }).click();
    await page.request.patch("/api/settings", { data: { dailyTips: true, primaryGoal: "privacy" }, headers: origin() });
    const [backup] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Backup Now" }).click()]);
    expect(backup.suggestedFilename()).toBe(`cleanspace-backup-${user.today}.json`);
    const backupPath = testInfo.outputPath("backup.json");
    await backup.saveAs(backupPath);
    const archive = JSON.parse(readFileSync(backupPath, "utf8"));
    expect(archive).toMatchObject({ format: "cleanspace-backup", version: 1, account: { account: { id: user.id } } });
    await expect(page.getByRole("button", { name: "Backup Complete" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Backup Now" })).toBeVisible({ timeout: 6_000 });
    await expectAccessible(page);

    // Settings change after the backup...
    const patched = await page.request.patch("/api/settings", { data: { dailyTips: false, primaryGoal: "storage" }, headers: origin() });
    expect(patched.status()).toBe(200);

    // ...a bad file is refused with a clear message and nothing changes...
    const badPath = testInfo.outputPath("bad.json");
    writeFileSync(
      badPath,
      JSON.stringify({ ...archive, account: { ...archive.account, settings: { ...archive.account.settings, timezone: 42 } } }),
    );
    const input = page.getByLabel("Backup file to restore");
    await input.setInputFiles(badPath);
    await expect(page.getByRole("alert")).toContainText(
      "This backup file is damaged, was edited, or comes from a newer version of CleanSpace",
    );
    expect((await (await page.request.get("/api/settings")).json()).dailyTips).toBe(false);

    // ...and the real backup restores them.
    await input.setInputFiles(backupPath);
    const confirm = page.getByRole("group", { name: "Restore backup.json?" });
    await expect(confirm).toContainText("your settings, 0 filter presets and 0 scanned items");
    await confirm.getByRole("button", { name: "Restore Backup" }).click();
    await expect(toast(page, "Backup Restored")).toBeVisible();
    const settings = await (await page.request.get("/api/settings")).json();
    expect(settings).toMatchObject({ dailyTips: true, primaryGoal: "privacy" });

    await page.getByRole("tab", { name: "History" }).click();
    await expect(history.first()).toContainText(`cleanspace-backup-${user.today}.json`);
    await expect(history.first()).toContainText("Full Export");
  });
});
