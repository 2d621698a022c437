/**
 * The dashboard's one next step (issue 38): before a scan one big scan button and a neutral
 * score card; after it, the biggest cleanup as a card whose one button opens Organize with
 * those copies selected. Counts the taps from the dashboard to the first freed megabyte.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { baseUrl, newAccount, registerViaApi, startCardFreeTrial } from "./support/auth";
import { rememberOpfsRoot, writeOpfsFiles } from "./support/opfs-folder";

const COPY_BYTES = 1_200_000;

/** A folder in the origin-private file system, remembered as the scanned folder (as organize.spec.ts does). */
async function writeFolder(page: Page) {
  const files: [string, number][] = [
    ["Photos/trip.bin", 1],
    ["Backup/trip.bin", 1],
    ["Old/trip.bin", 1],
    ["Docs/notes.txt", 2],
  ];
  await writeOpfsFiles(
    page,
    files.map(([path, fill]) => ({ path, size: fill === 1 ? COPY_BYTES : 2000, fill })),
    { apartMs: 5 },
  );
  await rememberOpfsRoot(page);
}

test("one next step: a scan button before the scan, then one card per cleanup straight to the action", async ({ page }) => {
  test.setTimeout(90_000);
  await page.addInitScript(() => localStorage.setItem("tourCompleted", "true"));
  const user = await registerViaApi(page.request, newAccount({ name: "Nina Next" }));
  await startCardFreeTrial(page.request, user.id);
  await page.request.put("/api/preferences", { data: { skipped: true }, headers: { origin: baseUrl() } });

  await page.goto("/home");
  // Before a scan: one big scan button, and a score card in no alarm colour.
  await expect(page.getByRole("heading", { name: "Start with a scan" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Scan a folder" })).toBeVisible();
  await expect(page.locator("section[aria-labelledby=score-title]")).toHaveAttribute("data-band", "none");
  await page.getByRole("button", { name: "Scan a folder" }).click();
  await expect(page.getByRole("heading", { name: "System Permissions" })).toBeVisible();

  await writeFolder(page);
  await page.goto("/home");
  let taps = 0;
  const tap = async (locator: ReturnType<Page["getByRole"]>) => {
    taps += 1;
    await locator.click();
  };
  await tap(page.getByRole("button", { name: "Quick Scan" }));
  await expect(page.getByText("Scan Complete", { exact: true })).toBeVisible({ timeout: 30_000 });

  const steps = page.getByRole("list", { name: "Biggest cleanups" });
  const first = steps.getByRole("listitem").first();
  await expect(first).toContainText("2 copies of files");
  await expect(first.getByRole("link", { name: "Free up 2.4 MB" })).toBeVisible();
  await tap(first.getByRole("link", { name: "Free up 2.4 MB" }));
  await expect(page).toHaveURL(/\/organize\?tab=files&select=duplicates$/);
  await expect(page.getByTestId("selection-summary")).toHaveText(/^2 selected/);

  await tap(page.getByRole("button", { name: "Move to CleanSpace Trash" }));
  await tap(page.getByRole("alertdialog").getByRole("button", { name: "Move 2 files" }));
  await expect(page.getByText("Action completed on 2 items")).toBeVisible();
  await tap(page.getByRole("button", { name: "Open trash" }));
  const trash = page.getByRole("dialog", { name: "CleanSpace trash" });
  taps += 1;
  await trash.getByLabel(/^Select all/).check();
  await tap(trash.getByRole("button", { name: "Delete permanently" }));
  await tap(page.getByRole("alertdialog", { name: "Delete permanently?" }).getByRole("button", { name: "Delete permanently" }));
  await expect(trash.getByTestId("trash-empty")).toBeVisible();

  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/insights/${user.id}`)).json()) as { totals: { bytesFreed: number } }).totals.bytesFreed,
    )
    .toBe(2 * COPY_BYTES);
  // Quick Scan, Free up, Move, confirm, Open trash, Select all, Delete, confirm.
  expect(taps).toBe(8);
  console.log(`taps from the dashboard (scan included) to ${(2 * COPY_BYTES) / 1e6} MB freed: ${taps}`);
});

test("a free user's next step says it is Pro instead of opening a locked screen", async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem("tourCompleted", "true"));
  const user = await registerViaApi(page.request, newAccount({ name: "Fred Free" }));
  await page.request.put("/api/preferences", { data: { skipped: true }, headers: { origin: baseUrl() } });
  const categories = Object.fromEntries(
    ["photo", "video", "audio", "document", "archive", "application", "other"].map((c) => [c, { count: 0, bytes: 0 }]),
  );
  categories.photo = { count: 20, bytes: 40_000_000 };
  const summary = {
    schemaVersion: 1,
    categories,
    totalFiles: 20,
    totalBytes: 40_000_000,
    duplicateGroups: 4,
    duplicateFiles: 12,
    duplicateBytes: 9_700_000,
    largeFiles: 0,
    largeBytes: 0,
    oldFiles: 0,
    oldBytes: 0,
    emptyFiles: 0,
    skipped: 0,
    photosCount: 20,
    photosDuplicates: 12,
    photosDuplicateBytes: 9_700_000,
    appsCount: 0,
    appsUnused: 0,
    emailCount: 0,
    emailUnread: 0,
    metadataOnly: false,
    scannedAt: new Date().toISOString(),
  };
  const res = await page.request.post("/api/real-data/scan", {
    data: { userId: user.id, summary, snapshot: true },
    headers: { origin: baseUrl() },
  });
  expect(res.status(), await res.text()).toBe(200);
  await page.goto("/home");
  const card = page.getByRole("list", { name: "Biggest cleanups" }).getByRole("listitem").first();
  await expect(card).toContainText("12 copies of photos");
  await expect(card.getByRole("link", { name: "Free up 9.7 MB with Pro" })).toHaveAttribute("href", "/subscribe");
});
