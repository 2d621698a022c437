/**
 * Before/after pictures for a human look (issue 38): the dashboard, Organize (files), Settings
 * and Insights at 360, 414 and 1280 px, light and dark, for a Pro user after a real scan.
 * Runs only when SHOTS_DIR names the folder to write them to.
 */
import { expect, test } from "./fixtures";
import { baseUrl, newAccount, registerViaApi, startCardFreeTrial } from "./support/auth";
import { makeCorpus } from "./support/corpus";

const dir = process.env.SHOTS_DIR;
test.skip(!dir, "set SHOTS_DIR to take the screenshots");

const WIDTHS = [360, 414, 1280] as const;
const PAGES = [
  ["dashboard", "/home"],
  ["organize-files", "/organize?tab=files"],
  ["settings", "/settings"],
  ["insights", "/insights"],
] as const;

test("screenshots of the dashboard, Organize (files), Settings and Insights", async ({ page }) => {
  test.setTimeout(240_000);
  const corpus = makeCorpus(300, 21);
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
        await page.screenshot({ path: `${dir}/${name}-${width}-${theme}.png`, fullPage: true });
      }
    }
  }
});
