/**
 * Every number true (issue 16 "Done when"), on a folder with known figures: the origin-private
 * file system stands in for a picked read-write folder. 120 distinct photos of one size (so
 * no duplicate photo, though sizes collide), one report with N = 3 exact copies (B bytes), one
 * note. Proven in the browser:
 * - a scan with no duplicate photos shows no duplicate-photo recommendation;
 * - reviewing an item moves neither the goal nor the streak;
 * - moving the N copies to the trash shows B reclaimable and 0 freed;
 * - a rescan no longer finds them (the trash is never scanned);
 * - emptying the trash shows B freed, once.
 * And Auto Clean Mode: after a scan, exact copies go to the trash with an Undo.
 */
import type { Page } from "@playwright/test";
import { formatBytes } from "../src/domain/format";
import { expect, expectAccessible, test } from "./fixtures";
import { readOpfsFiles, rememberOpfsRoot, writeOpfsFiles } from "./support/opfs-folder";

const PHOTOS = 120;
const REPORT_BYTES = 5000;
const COPIES = ["Backup/report.pdf", "Old/report.pdf", "Archive/2024/report.pdf"];
const N = COPIES.length;
const B = N * REPORT_BYTES;
const TOTAL_FILES = PHOTOS + 1 + N + 1;

/** Written in this order, a few ms apart: the first report is the oldest, so it is the original. */
const FOLDER: { path: string; size: number; fill: number }[] = [
  { path: "Docs/report.pdf", size: REPORT_BYTES, fill: 7 },
  ...COPIES.map((path) => ({ path, size: REPORT_BYTES, fill: 7 })),
  { path: "Docs/notes.txt", size: 321, fill: 9 },
  ...Array.from({ length: PHOTOS }, (_, i) => ({ path: `Photos/IMG_${String(i).padStart(4, "0")}.jpg`, size: 400, fill: i + 10 })),
];

/** Writes the folder into the origin-private file system and remembers it as the scanned folder. */
async function writeFolder(page: Page) {
  await writeOpfsFiles(
    page,
    FOLDER.filter((f) => f.path.endsWith(".pdf")),
    { apartMs: 5 },
  );
  await writeOpfsFiles(
    page,
    FOLDER.filter((f) => !f.path.endsWith(".pdf")),
  );
  await rememberOpfsRoot(page);
}

/** Paths in the origin-private folder's CleanSpace trash. */
const trashed = async (page: Page) =>
  Object.keys(await readOpfsFiles(page))
    .filter((path) => path.startsWith(".cleanspace-trash/"))
    .map((path) => path.slice(".cleanspace-trash/".length))
    // The trash journal (issue 20) is bookkeeping, not a trashed file.
    .filter((path) => path !== "journal.jsonl");

async function quickScan(page: Page) {
  await page.goto("/home");
  await page.getByRole("button", { name: "Quick Scan" }).click();
  await expect(page.getByText("Scan Complete", { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText("Your digital life has been analyzed and saved!", { exact: true })).toBeVisible();
}

const progress = async (page: Page, userId: number) => {
  const data = (await (await page.request.get(`/api/digital-data/${userId}`)).json()) as { goal: { completed: number } };
  const streak = (await (await page.request.get(`/api/streaks/${userId}`)).json()) as { currentStreak: number };
  return { goal: data.goal.completed, streak: streak.currentStreak };
};
const totals = async (page: Page, userId: number) =>
  (
    (await (await page.request.get(`/api/insights/${userId}`)).json()) as {
      totals: { reclaimableBytes: number; bytesFreed: number; estimatedBytesFreed: number; itemsDeleted: number };
    }
  ).totals;

const tile = (page: Page, label: string) => page.getByText(label, { exact: true }).locator("..");

test("the numbers follow the files: reclaimable in the trash, freed once, reviews are no cleanup", async ({ page, signUp }) => {
  test.setTimeout(180_000);
  const user = await signUp({ name: "Nora", pro: true });
  await page.addInitScript(() => localStorage.setItem("tourCompleted", "true"));
  await page.goto("/home");
  await writeFolder(page);

  // A scan with 120 photos and no duplicate photo: no duplicate-photo recommendation.
  await quickScan(page);
  await expect(page.getByTestId("result-files-found")).toHaveText(String(TOTAL_FILES));
  await expect(page.getByTestId("result-duplicates-found")).toHaveText(String(N));
  await expect(page.getByTestId("photos-analyzed")).toHaveText(`Photos Analyzed: Found ${PHOTOS} photos, 0 duplicates`);
  const recs = page.getByRole("region", { name: "Recommendations" });
  await expect(recs.getByText("No New Recommendations")).toBeVisible();
  await expect(page.getByText(/duplicate photos/i)).toHaveCount(0);
  await expectAccessible(page);
  expect(await progress(page, user.id)).toEqual({ goal: 0, streak: 0 });

  // Reviewing an item changes nothing on the device: neither the goal nor the streak moves.
  await page.goto("/organize?tab=files");
  await page.getByRole("button", { name: "Batch operations" }).click();
  await page.getByRole("checkbox", { name: "Select notes.txt" }).click();
  await page.getByRole("button", { name: "Mark reviewed" }).click();
  await expect(page.getByText("Action completed on 1 item")).toBeVisible();
  // Anything the review sent to the server has been answered once the network is idle.
  await page.waitForLoadState("networkidle");
  expect(await progress(page, user.id)).toEqual({ goal: 0, streak: 0 });

  // Moving the N copies to the trash: B reclaimable, 0 freed; one cleanup for the goal.
  await page.goto("/organize?tab=files&select=duplicates");
  await expect(page.getByTestId("selection-summary")).toHaveText(new RegExp(`^${N} selected`));
  await page.getByRole("button", { name: "Move to CleanSpace Trash" }).click();
  await page
    .getByRole("alertdialog")
    .getByRole("button", { name: `Move ${N} files` })
    .click();
  await expect(page.getByText(`Action completed on ${N} items`)).toBeVisible();
  await expect.poll(() => progress(page, user.id)).toEqual({ goal: 1, streak: 1 });
  expect(await totals(page, user.id)).toMatchObject({ reclaimableBytes: B, bytesFreed: 0, estimatedBytesFreed: 0, itemsDeleted: 0 });
  await page.goto("/insights");
  await expect(tile(page, "In the Trash")).toContainText(formatBytes(B));
  await expect(tile(page, "Storage Freed")).toContainText("0 B");
  await expect(tile(page, "Storage Freed")).toContainText("Empty the trash to free it");

  // A rescan no longer finds them: the CleanSpace trash is never scanned.
  await quickScan(page);
  expect((await trashed(page)).length).toBe(N);
  await expect(page.getByTestId("result-files-found")).toHaveText(String(TOTAL_FILES - N));
  await expect(page.getByTestId("result-duplicates-found")).toHaveText("0");
  const data = await (await page.request.get(`/api/digital-data/${user.id}`)).json();
  expect(data.summary).toMatchObject({ totalFiles: TOTAL_FILES - N, duplicateFiles: 0, duplicateBytes: 0 });

  // Emptying the trash: B freed, once; nothing left in the trash.
  await page.goto("/organize?tab=files");
  await page.getByRole("button", { name: "Open trash" }).click();
  const trashView = page.getByRole("dialog", { name: "CleanSpace trash" });
  await trashView.getByLabel(/^Select all/).check();
  await trashView.getByRole("button", { name: "Delete permanently" }).click();
  await page.getByRole("alertdialog", { name: "Delete permanently?" }).getByRole("button", { name: "Delete permanently" }).click();
  await expect(trashView.getByTestId("trash-empty")).toBeVisible();
  expect(await trashed(page)).toEqual([]);
  await expect
    .poll(() => totals(page, user.id))
    .toMatchObject({ reclaimableBytes: 0, bytesFreed: B, estimatedBytesFreed: 0, itemsDeleted: N });
  await page.goto("/insights");
  await expect(tile(page, "Storage Freed")).toContainText(formatBytes(B));
  await expect(tile(page, "Storage Freed")).not.toContainText("≈");
  await expect(tile(page, "In the Trash")).toContainText("0 B");
  await expect(tile(page, "Items Deleted")).toContainText(String(N));
  expect(await progress(page, user.id)).toEqual({ goal: 2, streak: 1 });
});

test("Auto Clean Mode moves a new scan's exact copies to the trash, with an Undo that puts them back", async ({ page, signUp }) => {
  test.setTimeout(120_000);
  const user = await signUp({ name: "Nora", pro: true });
  await page.addInitScript(() => localStorage.setItem("tourCompleted", "true"));
  await page.goto("/settings");
  await page.getByRole("switch", { name: "Auto Clean Mode" }).click();
  await expect(page.getByText("Setting Updated", { exact: true })).toBeVisible();
  await writeFolder(page);

  await page.goto("/home");
  await page.getByRole("button", { name: "Quick Scan" }).click();
  const notices = page.getByRole("region", { name: /^Notifications/ });
  await expect(notices.getByText(`${N} exact copies (${formatBytes(B)}) moved to the CleanSpace trash; every original stays.`)).toBeVisible(
    { timeout: 60_000 },
  );
  expect((await trashed(page)).length).toBe(N);
  await expect.poll(() => totals(page, user.id)).toMatchObject({ reclaimableBytes: B, bytesFreed: 0 });
  await expect(page.getByTestId("result-duplicates-found")).toHaveText("0");
  // Auto Clean is one of the spec's quick actions: one step toward the goal, and the streak.
  await expect.poll(() => progress(page, user.id)).toEqual({ goal: 1, streak: 1 });
  await expect(page.getByTestId("goal-progress")).toHaveText(/^1 of \d completed$/);
  await expect(page.getByTestId("streak-days")).toHaveText("1 day");

  await notices.getByRole("button", { name: "Undo" }).click();
  await expect(notices.getByText("Undo complete", { exact: true })).toBeVisible();
  expect(await trashed(page)).toEqual([]);
  await expect.poll(() => totals(page, user.id)).toMatchObject({ reclaimableBytes: 0, bytesFreed: 0 });
  await expect.poll(async () => (await progress(page, user.id)).goal).toBe(0);
});
