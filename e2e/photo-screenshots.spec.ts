/**
 * Pictures of Organize → Photos → Similar for a human look (issue 37): the committed real
 * photos (e2e/support/real-photos) scanned through the folder input, at 360, 414 and 1280 px,
 * light and dark. Runs only when SHOTS_DIR names the folder to write them to.
 */
import { cpSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "./fixtures";
import { baseUrl, newAccount, registerViaApi, startCardFreeTrial } from "./support/auth";

const dir = process.env.SHOTS_DIR;
test.skip(!dir, "set SHOTS_DIR to take the screenshots");

test("screenshots of the Similar view after a scan of real photos", async ({ page }) => {
  test.setTimeout(180_000);
  const photos = join(mkdtempSync(join(tmpdir(), "cleanspace-shots-")), "Phone");
  cpSync(fileURLToPath(new URL("./support/real-photos/photos", import.meta.url)), photos, { recursive: true });
  await page.addInitScript(() => localStorage.setItem("tourCompleted", "true"));
  const user = await registerViaApi(page.request, newAccount({ name: "Sam Shots" }));
  await startCardFreeTrial(page.request, user.id);
  await page.request.put("/api/preferences", { data: { skipped: true }, headers: { origin: baseUrl() } });
  await page.goto("/home");
  await page.getByRole("button", { name: "Real data scan" }).click();
  await page.getByLabel("Or choose a folder manually (works in every browser)").setInputFiles(photos);
  await expect(page.getByText("Scan Complete", { exact: true })).toBeVisible({ timeout: 90_000 });

  for (const theme of ["light", "dark"] as const) {
    const res = await page.request.patch("/api/settings", { data: { darkMode: theme === "dark" }, headers: { origin: baseUrl() } });
    expect(res.ok(), await res.text()).toBe(true);
    await page.evaluate((t) => localStorage.setItem("theme", t), theme);
    for (const width of [360, 414, 1280]) {
      await page.setViewportSize({ width, height: width >= 1024 ? 900 : 800 });
      await page.goto("/organize?tab=photos&view=similar");
      await expect(page.getByTestId("photo-group").first()).toBeVisible();
      // Every thumbnail decoded and the route's fade-in over: the picture shows what stays.
      await expect
        .poll(() => page.locator("[data-testid=photo-tile] img").evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).complete)))
        .toBe(true);
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
      await page.screenshot({ path: `${dir}/similar-${width}-${theme}.png`, fullPage: true });
    }
  }
});
