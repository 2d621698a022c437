/**
 * Lists people can work with (issue 38): Files sorts (largest first by default), searches and
 * groups by folder; the selection's actions stay in reach while a long list scrolls, above the
 * phone tab bar; Photos' groups sort by the space they free and search by name.
 */
import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures";
import { makePhotoFolder } from "./support/photo-folder";

const DAY = 86_400_000;

/** Writes files (path → size in bytes, age in days) into a fresh folder and returns it. */
function folderOf(files: { path: string; size: number; ageDays: number }[]): string {
  const dir = mkdtempSync(join(tmpdir(), "cleanspace-lists-"));
  for (const f of files) {
    const full = join(dir, f.path);
    mkdirSync(dirname(full), { recursive: true });
    // Distinct bytes per file, so no two are duplicates of each other.
    writeFileSync(full, Buffer.alloc(f.size, f.path.length % 251).fill(f.path, 0, Math.min(f.size, f.path.length)));
    const at = new Date(Date.now() - f.ageDays * DAY);
    utimesSync(full, at, at);
  }
  return dir;
}

const BULK = Array.from({ length: 60 }, (_, i) => ({
  path: `Bulk/note-${String(i).padStart(2, "0")}.txt`,
  size: 200 + i,
  ageDays: 40 + i,
}));
const FILES = [
  { path: "Docs/report.pdf", size: 120_000, ageDays: 3 },
  { path: "Docs/Tax/return 2024.pdf", size: 80_000, ageDays: 10 },
  { path: "Videos/holiday.mp4", size: 3_000_000, ageDays: 30 },
  { path: "Music/song.mp3", size: 900_000, ageDays: 1 },
  { path: "zebra.txt", size: 50, ageDays: 2 },
  ...BULK,
];

async function scanFolder(page: Page, dir: string) {
  await page.addInitScript(() => localStorage.setItem("tourCompleted", "true"));
  await page.goto("/home");
  await page.getByRole("button", { name: "Real data scan" }).click();
  await page.getByLabel("Or choose a folder manually (works in every browser)").setInputFiles(dir);
  await expect(page.getByText("Scan Complete", { exact: true })).toBeVisible({ timeout: 60_000 });
}

const list = (page: Page) => page.getByRole("list", { name: "Files from your last scan" });
const firstRow = (page: Page) => list(page).getByRole("listitem").first();

test("Files: largest first, sorts by name and date, search narrows and clearing restores, group by folder shows counts", async ({
  page,
  signUp,
}) => {
  test.setTimeout(120_000);
  await signUp({ name: "Lena", pro: true });
  await scanFolder(page, folderOf(FILES));
  await page.goto("/organize?tab=files");
  await expect(page.getByRole("heading", { name: /^65 files/ })).toBeVisible();

  // Largest first by default: the 3 MB video tops the list, the song next.
  await expect(page.getByRole("combobox", { name: "Sort" })).toHaveValue("size");
  await expect(firstRow(page)).toContainText("holiday.mp4");
  await expect(list(page).getByRole("listitem").nth(1)).toContainText("song.mp3");
  await page.getByRole("combobox", { name: "Sort" }).selectOption("name");
  await expect(firstRow(page)).toContainText("holiday.mp4");
  await expect(list(page).getByRole("listitem").nth(1)).toContainText("note-00.txt");
  await expect(list(page).getByRole("listitem").nth(2)).toContainText("note-01.txt");
  await page.getByRole("combobox", { name: "Sort" }).selectOption("date");
  await expect(firstRow(page)).toContainText("song.mp3");
  await page.getByRole("combobox", { name: "Sort" }).selectOption("size");

  // Search by name or folder, ignoring case; spaces alone hide nothing.
  const search = page.getByRole("searchbox", { name: "Search files" });
  await search.fill("   ");
  await expect(page.getByRole("heading", { name: /^65 files/ })).toBeVisible();
  await search.fill("TAX");
  await expect(page.getByRole("heading", { name: /^1 file\b/ })).toBeVisible();
  await expect(list(page).getByRole("listitem")).toHaveCount(1);
  await expect(firstRow(page)).toContainText("return 2024.pdf");
  await search.fill("docs/");
  await expect(page.getByRole("heading", { name: /^2 files/ })).toBeVisible();
  await search.fill("nothing like this");
  await expect(page.getByText("No items match “nothing like this”.")).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Clear search" }).click();
  await expect(search).toHaveValue("");
  await expect(page.getByRole("heading", { name: /^65 files/ })).toBeVisible();
  await expect(firstRow(page)).toContainText("holiday.mp4");

  // Group by folder: a header per folder with its count and size, largest folder first; a folder closes and opens.
  await page.getByRole("button", { name: "Group by folder" }).click();
  await expect(page.getByRole("button", { name: "Group by folder" })).toHaveAttribute("aria-pressed", "true");
  const headers = page.getByTestId("folder-header");
  await expect(headers.first()).toContainText("Videos");
  await expect(headers.first()).toContainText("1 file · 3.0 MB");
  // A folder picked through the file input keeps its own name at the head of every path.
  const docs = headers.filter({ has: page.getByText(/\/Docs$/) });
  await expect(docs).toContainText("1 file · 120 KB");
  await expect(headers.filter({ has: page.getByText(/\/Docs\/Tax$/) })).toContainText("1 file · 80.0 KB");
  const bulk = headers.filter({ has: page.getByText(/\/Bulk$/) });
  await expect(bulk).toContainText("60 files");
  // Closing the long folder brings the last folder (the picked folder's own files) into view.
  await bulk.click();
  await expect(bulk).toHaveAttribute("aria-expanded", "false");
  await expect(headers.filter({ has: page.getByText(/^cleanspace-lists-[^/]+$/) })).toContainText("1 file · 50 B");
  await expect(docs).toHaveAttribute("aria-expanded", "true");
  await docs.click();
  await expect(docs).toHaveAttribute("aria-expanded", "false");
  await expect(list(page).getByText("report.pdf")).toHaveCount(0);
  await docs.click();
  await expect(list(page).getByText("report.pdf")).toBeVisible();
  await expectAccessible(page);
});

test("the selection's actions stay in view above the tab bar while a long list scrolls with the page", async ({ page, signUp }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 360, height: 740 });
  await signUp({ name: "Lena", pro: true });
  await scanFolder(page, folderOf(FILES));
  await page.goto("/organize?tab=files");
  await page.getByRole("button", { name: "Batch operations" }).click();
  await page.getByRole("checkbox", { name: "Select holiday.mp4" }).click();
  const bar = page.getByRole("region", { name: "Selection actions" });
  await expect(bar.getByTestId("selection-summary")).toHaveText("1 selected · 3.0 MB");

  // One scrolling area: the page scrolls, the list has no scroll box of its own.
  const scrolled = await page.evaluate(() => {
    window.scrollTo(0, document.documentElement.scrollHeight / 2);
    return window.scrollY;
  });
  expect(scrolled).toBeGreaterThan(500);
  await expect(page.getByRole("checkbox", { name: "Select holiday.mp4" })).not.toBeInViewport();
  await expect(bar).toBeInViewport({ ratio: 1 });
  const barBox = (await bar.boundingBox())!;
  const tabBar = (await page.getByRole("navigation", { name: "Main" }).boundingBox())!;
  expect(barBox.y + barBox.height).toBeLessThanOrEqual(tabBar.y + 1);
  await bar.getByRole("button", { name: "Mark reviewed" }).click();
  await expect(page.getByText("Action completed on 1 item")).toBeVisible();
  await expect(page.getByRole("heading", { name: /^64 files/ })).toBeVisible();
  await expectAccessible(page);
});

test("Photos: groups sort by the space they free or by date, and search by name", async ({ page, signUp }) => {
  test.setTimeout(150_000);
  await signUp({ name: "Pia", pro: true });
  const photos = await makePhotoFolder();
  const garden = photos.find((p) => p.path === "Photos/garden.png")!;
  // A second exact group, larger than the forest's: a byte copy of the garden PNG, made newest of all.
  const dir = mkdtempSync(join(tmpdir(), "cleanspace-lists-photos-"));
  const files = [...photos, { path: "Backup/garden.png", bytes: garden.bytes }];
  files.forEach((f, i) => {
    const full = join(dir, f.path);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, f.bytes);
    const at = new Date(Date.now() - (f.path === "Backup/forest.jpg" ? 0 : (i + 2) * DAY));
    utimesSync(full, at, at);
  });
  expect(garden.bytes.length).toBeGreaterThan(photos.find((p) => p.path === "Photos/forest.jpg")!.bytes.length);
  await scanFolder(page, dir);

  await page.goto("/organize?tab=photos&view=exact");
  const groups = page.getByTestId("photo-group");
  await expect(groups).toHaveCount(2);
  // Most space freed first: the garden's copy outweighs the forest's.
  await expect(page.getByRole("combobox", { name: "Sort" })).toHaveValue("reclaimable");
  await expect(groups.first()).toContainText("garden.png");
  await page.getByRole("combobox", { name: "Sort" }).selectOption("date");
  await expect(groups.first()).toContainText("forest.jpg");

  const search = page.getByRole("searchbox", { name: "Search photos" });
  await search.fill("GARDEN");
  await expect(groups).toHaveCount(1);
  await expect(groups.first()).toContainText("garden.png");
  await search.fill("no such photo");
  await expect(groups).toHaveCount(0);
  await expect(page.getByText("No items match “no such photo”.")).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Clear search" }).click();
  await expect(groups).toHaveCount(2);

  // The list of every photo sorts and searches like Files.
  await page.goto("/organize?tab=photos");
  const all = page.getByRole("list", { name: "Photos from your last scan" });
  await expect(all.getByRole("listitem").first()).toContainText("garden.png");
  await page.getByRole("searchbox", { name: "Search photos" }).fill("screenshot");
  await expect(all.getByRole("listitem")).toHaveCount(1);
  await expectAccessible(page);

  // Every photo view, and the side-by-side comparison, fit a 360 px phone: nothing scrolls sideways.
  await page.setViewportSize({ width: 360, height: 740 });
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  for (const view of ["exact", "similar", "blurry", "screenshots"]) {
    await page.goto(`/organize?tab=photos&view=${view}`);
    await expect(page.getByTestId(`photo-view-${view}`)).toBeVisible();
    expect(await overflow(), view).toBeLessThanOrEqual(0);
  }
  await page.goto("/organize?tab=photos&view=similar");
  await page.getByTestId("photo-group").getByRole("button", { name: "Compare", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Compare similar photos" });
  await expect(dialog).toBeVisible();
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(360);
});
