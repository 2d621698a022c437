/**
 * Photos, end to end (issue 19): a Pro user's folder of real generated photos — the
 * origin-private file system standing in for a picked read-write folder — is scanned; the
 * scan worker decodes and analyses each photo on the device; Organize → Photos shows exact
 * copies, similar shots (with the best one proposed and why), blurry photos and screenshots
 * with local thumbnails; "Keep best, trash 1" moves the extra shot to the CleanSpace trash, Undo
 * puts it back, and the Photos tab's counts and the dashboard's photo figures follow.
 */
import { copyFileSync, cpSync, mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures";
import { newAccount, registerViaApi, startCardFreeTrial } from "./support/auth";
import { readOpfsFiles, rememberOpfsRoot, writeOpfsFiles } from "./support/opfs-folder";
import { makePhotoFolder, type PhotoFile } from "./support/photo-folder";

/** Writes the files into the origin-private folder and remembers it as the scanned folder. */
async function writeFolderToOpfs(page: Page, files: PhotoFile[]) {
  await writeOpfsFiles(
    page,
    files.map((f) => ({ path: f.path, base64: f.bytes.toString("base64") })),
  );
  await rememberOpfsRoot(page);
}

/** Paths of every file in the origin-private folder. */
async function opfsPaths(page: Page): Promise<string[]> {
  return Object.keys(await readOpfsFiles(page)).sort();
}

const viewTab = (page: Page, name: string) =>
  page.getByRole("tablist", { name: "Photo views" }).getByRole("tab", { name: new RegExp(`^${name}`) });
const count = (page: Page, view: string) => page.getByTestId(`photo-view-count-${view}`);

/** The dashboard's photo figures: the Photos card's count, then the quick actions (a panel in place of the cards). */
async function expectPhotoFigures(page: Page, photos: number, similarToReview: number) {
  await page.goto("/home");
  await expect(page.getByRole("button", { name: /^Photos: / })).toHaveAccessibleName(new RegExp(`^Photos: ${photos} items`));
  await page.getByRole("button", { name: "Quick actions" }).click();
  const similar = page.getByRole("link", { name: /Keep the best of similar shots/ });
  if (similarToReview > 0) await expect(similar).toContainText(`${similarToReview} photo${similarToReview === 1 ? "" : "s"} to review`);
  else await expect(similar).toHaveCount(0);
  return similar;
}

test("photos are analysed on the device: open Similar, keep the best shot, trash the rest, undo", async ({ page }) => {
  test.setTimeout(150_000);
  const user = await registerViaApi(page.request, newAccount({ name: "Pia" }));
  await startCardFreeTrial(page.request, user.id);
  await page.addInitScript(() => localStorage.setItem("tourCompleted", "true"));

  // No scan yet: the photo views say what to do.
  await page.goto("/organize?tab=photos&view=similar");
  await expect(page.getByRole("heading", { name: "No scan on this device yet" })).toBeVisible();
  await expectAccessible(page);

  await writeFolderToOpfs(page, await makePhotoFolder());
  await page.goto("/home");
  await page.getByRole("button", { name: "Quick Scan" }).click();
  await expect(page.getByText("Scan Complete", { exact: true })).toBeVisible({ timeout: 60_000 });

  // The dashboard's photo figures: 8 photos; one similar shot to review.
  const similarAction = await expectPhotoFigures(page, 8, 1);
  await expectAccessible(page);

  // From the dashboard to the Similar view.
  await similarAction.click();
  await expect(page).toHaveURL(/\/organize\?tab=photos&view=similar$/);
  await expect(viewTab(page, "Similar")).toHaveAttribute("aria-selected", "true");
  await expect(count(page, "exact")).toHaveText("2");
  await expect(count(page, "similar")).toHaveText("2");
  await expect(count(page, "blurry")).toHaveText("1");
  await expect(count(page, "screenshots")).toHaveText("1");
  const group = page.getByTestId("photo-group");
  await expect(group).toHaveCount(1);
  await expect(group.getByRole("heading")).toHaveText(/^2 similar photos/);
  await expect(group.getByTestId("group-reason")).toHaveText("Keep beach.jpg: Highest resolution.");
  await expect(group.getByRole("button", { name: "Keep beach.jpg" })).toHaveAttribute("aria-pressed", "true");
  await expect(group.getByRole("button", { name: "Trash beach small.jpg" })).toHaveAttribute("aria-pressed", "true");
  // Calm tiles (issue 38): the proposed keeper is marked by a badge, and a pressed Keep looks
  // like a pressed Trash (neutral tokens; the icon and the word tell them apart).
  await expect(group.getByTestId("keeper-badge")).toHaveText("Best shot");
  await expect(group.locator("[data-testid=photo-tile][data-keeper]")).toContainText("beach.jpg");
  const look = (name: string) =>
    group.getByRole("button", { name }).evaluate((el) => {
      const style = getComputedStyle(el);
      return `${style.backgroundColor} ${style.color}`;
    });
  expect(await look("Keep beach.jpg")).toBe(await look("Trash beach small.jpg"));
  // Thumbnails are made on the device from the files themselves.
  await expect(group.locator("img").first()).toHaveAttribute("src", /^blob:/);
  await expectAccessible(page);

  // Side by side: the best shot beside the other, with what tells them apart.
  await group.getByRole("button", { name: "Compare", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Compare similar photos" });
  await expect(dialog.getByRole("figure", { name: "Proposed to keep: beach.jpg" })).toContainText("1600 × 1200");
  await expect(dialog.getByRole("figure", { name: "Compared with: beach small.jpg" })).toContainText("800 × 600");
  await expectAccessible(page);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  // Keep the proposed best, trash the rest: the same confirmation as every Organize move.
  await group.getByRole("button", { name: /^Keep best, trash/ }).click();
  const confirm = page.getByRole("alertdialog", { name: "Move to CleanSpace Trash?" });
  await expect(confirm.getByTestId("move-summary")).toHaveText(/^1 file \(.+\) will move to the CleanSpace trash/);
  await confirm.getByRole("button", { name: "Move 1 file" }).click();
  await expect(page.getByText("Action completed on 1 item")).toBeVisible();
  await expect(count(page, "similar")).toHaveText("0");
  await expect(page.getByText("No similar photos in your last scan.")).toBeVisible();
  const paths = await opfsPaths(page);
  expect(paths).not.toContain("Photos/beach small.jpg");
  expect(paths.some((p) => /^\.cleanspace-trash\/[\d-]+\/Photos\/beach small\.jpg$/.test(p))).toBe(true);
  expect(paths).toContain("Photos/beach.jpg");
  await expectAccessible(page);

  // Undo puts it back, and the group with it.
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByText("Undo complete", { exact: true })).toBeVisible();
  await expect(count(page, "similar")).toHaveText("2");
  await expect(page.getByTestId("photo-group")).toHaveCount(1);
  expect(await opfsPaths(page)).toContain("Photos/beach small.jpg");

  // The other views: exact copies keep the original, the blurry shot and the screenshot are listed.
  await viewTab(page, "Exact copies").click();
  await expect(page).toHaveURL(/view=exact/);
  await expect(page.getByTestId("group-reason")).toHaveText(/^Keep forest\.jpg: /);
  await viewTab(page, "Blurry").click();
  await expect(page.getByTestId("photo-section").getByRole("heading")).toHaveText(/^Blurry photos · 1 photo/);
  await expect(page.getByRole("button", { name: "Trash shaky.jpg" })).toHaveAttribute("aria-pressed", "true");
  await viewTab(page, "Screenshots").click();
  await expect(page.getByTestId("photo-section").getByRole("heading")).toHaveText(/^Recent screenshots · 1 photo/);
  await expectAccessible(page);

  // Keep the best and trash the rest again, for good: the dashboard's photo figures follow.
  await viewTab(page, "Similar").click();
  await page
    .getByTestId("photo-group")
    .getByRole("button", { name: /^Keep best, trash/ })
    .click();
  await page.getByRole("alertdialog", { name: "Move to CleanSpace Trash?" }).getByRole("button", { name: "Move 1 file" }).click();
  await expect(page.getByText("Action completed on 1 item")).toBeVisible();
  await expect(count(page, "similar")).toHaveText("0");
  await expectPhotoFigures(page, 7, 0);
});

const REAL_PHOTOS = fileURLToPath(new URL("./support/real-photos", import.meta.url));

/** A copy of the committed real photos (or icons) in a temporary folder, picked through the folder input as Firefox, Safari and phones must. */
function realFolder(kind: "photos" | "icons"): string {
  const dir = join(mkdtempSync(join(tmpdir(), "cleanspace-real-")), kind === "photos" ? "Phone" : "Icons");
  cpSync(join(REAL_PHOTOS, kind), dir, { recursive: true });
  if (kind === "photos") {
    // A byte copy: an exact group.
    mkdirSync(join(dir, "Backup"));
    copyFileSync(join(dir, "IMG_0003.jpg"), join(dir, "Backup", "IMG_0003.jpg"));
  }
  return dir;
}

async function scanThroughFolderInput(page: Page, dir: string) {
  await page.goto("/home");
  await page.getByRole("button", { name: "Real data scan" }).click();
  await page.getByLabel("Or choose a folder manually (works in every browser)").setInputFiles(dir);
  await expect(page.getByText("Scan Complete", { exact: true })).toBeVisible({ timeout: 90_000 });
}

/** Every photo tile of the view shows a decoded image (not the placeholder icon). */
async function expectRealThumbnails(page: Page, view: string) {
  const tiles = page.getByTestId(`photo-view-${view}`).getByTestId("photo-tile");
  await expect(tiles.first()).toBeVisible();
  const count = await tiles.count();
  for (let i = 0; i < count; i++) {
    const img = tiles.nth(i).locator("img");
    await expect(img).toHaveAttribute("src", /^blob:/);
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  }
  return count;
}

test("a folder-input scan of real photos: thumbnails in every photo view, also after a reload; the HEIC photo is analysed", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const user = await registerViaApi(page.request, newAccount({ name: "Rae" }));
  await startCardFreeTrial(page.request, user.id);
  await page.addInitScript(() => localStorage.setItem("tourCompleted", "true"));
  await scanThroughFolderInput(page, realFolder("photos"));

  await page.goto("/organize?tab=photos&view=similar");
  await expect(count(page, "exact")).toHaveText("2");
  await expect(count(page, "blurry")).toHaveText("1");
  await expect(count(page, "screenshots")).toHaveText("1");
  // The coffee cup with its turned (pixels turned, EXIF Orientation turning them back),
  // rotated (pixels only) and blurred copies; the cat as JPEG and as HEIC (decoded by libheif).
  const groups = page.getByTestId("photo-group");
  await expect(groups).toHaveCount(2);
  const cup = groups.filter({ hasText: "IMG_0001 turned.jpg" });
  await expect(cup).toContainText("IMG_0001.jpg");
  await expect(cup).toContainText("IMG_0001 rotated.jpg");
  await expect(groups.filter({ hasText: "IMG_0004.heic" })).toContainText("IMG_0003.jpg");
  await expect(page.getByTestId("photos-skipped")).toHaveCount(0);
  // The kept shot of the cup is the original: never the blurred frame, and not the turned copy
  // that the decoder scores a little sharper (it ties, and ties fall to the original's name).
  await expect(cup.getByTestId("group-reason")).toHaveText(
    "Keep IMG_0001.jpg: Not blurry, straight from the camera, named as the original.",
  );

  const seen: Record<string, number> = {};
  for (const [tab, view] of [
    ["Similar", "similar"],
    ["Exact copies", "exact"],
    ["Blurry", "blurry"],
    ["Screenshots", "screenshots"],
  ] as const) {
    await viewTab(page, tab).click();
    seen[view] = await expectRealThumbnails(page, view);
  }
  expect(seen).toEqual({ similar: 6, exact: 2, blurry: 1, screenshots: 1 });

  // After a reload there is still no folder handle: the thumbnails come from this browser's store.
  await page.reload();
  await viewTab(page, "Similar").click();
  expect(await expectRealThumbnails(page, "similar")).toBe(6);
  await viewTab(page, "Blurry").click();
  await expectRealThumbnails(page, "blurry");
  await expectAccessible(page);
});

test("a folder of icons gives no similar group (graphics are not similar shots)", async ({ page }) => {
  test.setTimeout(120_000);
  const user = await registerViaApi(page.request, newAccount({ name: "Ivo" }));
  await startCardFreeTrial(page.request, user.id);
  await page.addInitScript(() => localStorage.setItem("tourCompleted", "true"));
  await scanThroughFolderInput(page, realFolder("icons"));
  await page.goto("/organize?tab=photos&view=similar");
  await expect(count(page, "similar")).toHaveText("0");
  await expect(count(page, "blurry")).toHaveText("0");
  await expect(page.getByText("No similar photos in your last scan.")).toBeVisible();
});
