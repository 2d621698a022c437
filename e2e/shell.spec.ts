import { expect, expectAccessible, test } from "./fixtures";

test.describe("app shell", () => {
  test("an unknown path shows 'Page Not Found' with a 404 status", async ({ page }) => {
    const res = await page.goto("/does-not-exist");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
    await expectAccessible(page);
  });

  test("the theme is dark by default, persisted under 'theme' and applied to the root", async ({ page }) => {
    await page.goto("/privacy");
    await expect(page.locator("html")).toHaveClass(/dark/);
    // The class comes with the first paint; the choice is stored once the app has started.
    await expect.poll(() => page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");
    await page.evaluate(() => localStorage.setItem("theme", "light"));
    await page.reload();
    await expect(page.locator("html")).not.toHaveClass(/dark/);
  });

  test("the tab bar navigates between app tabs and marks the active one", async ({ page }) => {
    await page.goto("/settings");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Settings" })).toHaveAttribute("aria-current", "page");
    await nav.getByRole("link", { name: "Insights" }).click();
    await expect(page).toHaveURL(/\/insights$/);
    await expect(nav.getByRole("link", { name: "Insights" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByTestId("active-dot")).toHaveCount(1);
    // The tab bar follows the address at once; the screen arrives with its code (and fades in).
    await expect(page.getByRole("heading", { name: "Insights", level: 1 })).toBeVisible();
    await expectAccessible(page);
  });

  test("the tab bar is full width on phones and a centred panel on larger screens, until the desktop's side navigation", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto("/settings");
    const nav = page.getByRole("navigation", { name: "Main" });
    expect((await nav.boundingBox())?.width).toBe(390);
    await page.setViewportSize({ width: 900, height: 800 });
    const box = (await nav.boundingBox())!;
    expect(box.width).toBeLessThan(500);
    expect(Math.abs(box.x + box.width / 2 - 450)).toBeLessThan(2);
    // From 1024 px the same four destinations stand in a column on the left (e2e/layout.spec.ts).
    await page.setViewportSize({ width: 1280, height: 800 });
    expect((await nav.boundingBox())!).toMatchObject({ x: 0, height: 800 });
  });
});
