/**
 * Before/after pictures for a human look (issue 38): the dashboard, Organize (files, with the
 * batch bar too; photos and a photo view; mail), Settings and Insights at 360, 414 and 1280 px, light
 * and dark, for a Pro user after a real scan.
 * Runs only when SHOTS_DIR names the folder to write them to.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { expect, test } from "./fixtures";
import { baseUrl, newAccount, registerViaApi, startCardFreeTrial } from "./support/auth";
import { makeCorpus } from "./support/corpus";
import { makePhotoFolder } from "./support/photo-folder";

const dir = process.env.SHOTS_DIR;
test.skip(!dir, "set SHOTS_DIR to take the screenshots");

// SHOTS_WIDTHS and SHOTS_PAGES (comma lists) narrow the run to what is being looked at.
const WIDTHS = (process.env.SHOTS_WIDTHS?.split(",").map(Number) ?? [360, 414, 1280]).filter((w) => w > 0);
const ALL_PAGES = [
  ["dashboard", "/home"],
  ["organize-files", "/organize?tab=files"],
  ["organize-photos", "/organize?tab=photos"],
  ["organize-photos-exact", "/organize?tab=photos&view=exact"],
  ["organize-mail", "/organize?tab=email"],
  ["settings", "/settings"],
  ["insights", "/insights"],
] as const;
const WINDOWED = new Set<string>(["organize-files", "organize-photos"]);
const PAGES = ALL_PAGES.filter(([name]) => !process.env.SHOTS_PAGES || process.env.SHOTS_PAGES.split(",").includes(name));

test("screenshots of the dashboard, Organize (files, photos, mail), Settings and Insights", async ({ page }) => {
  test.setTimeout(600_000);
  const corpus = makeCorpus(300, 21);
  // Real photos too (copies, a similar shot, a blurry one, a screenshot), so the photo views have something to show.
  for (const photo of await makePhotoFolder()) {
    const full = join(corpus.dir, "Camera", photo.path);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, photo.bytes);
  }
  await page.addInitScript(() => localStorage.setItem("tourCompleted", "true"));
  const user = await registerViaApi(page.request, newAccount({ name: "Sam Shots" }));
  await startCardFreeTrial(page.request, user.id);
  await page.request.put("/api/preferences", { data: { skipped: true }, headers: { origin: baseUrl() } });
  await page.goto("/home");
  await page.getByRole("button", { name: "Real data scan" }).click();
  await page.getByLabel("Or choose a folder manually (works in every browser)").setInputFiles(corpus.dir);
  await expect(page.getByText("Scan Complete", { exact: true })).toBeVisible({ timeout: 60_000 });

  for (const theme of ["light", "dark"] as const) {
    const res = await page.request.patch("/api/settings", { data: { darkMode: theme === "dark" }, headers: { origin: baseUrl() } });
    expect(res.ok(), await res.text()).toBe(true);
    await page.evaluate((t) => localStorage.setItem("theme", t), theme);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width >= 1024 ? 900 : 800 });
      for (const [name, path] of PAGES) {
        await page.goto(path);
        await page.waitForLoadState("networkidle");
        await page.waitForTimeout(400);
        // A windowed list draws only the rows in view: past the viewport a full-page picture is blank.
        await page.screenshot({ path: `${dir}/${name}-${width}-${theme}.png`, fullPage: !WINDOWED.has(name) });
        if (name === "organize-files") {
          // Batch mode with a selection, scrolled into the list: the sticky action bar in place.
          await page.getByRole("button", { name: "Batch operations" }).click();
          await page.getByRole("group", { name: "Quick select" }).getByRole("button", { name: "Large" }).click();
          await page.evaluate(() => window.scrollTo(0, 900));
          await page.waitForTimeout(300);
          await page.screenshot({ path: `${dir}/${name}-batch-${width}-${theme}.png` });
        }
      }
    }
  }
});
