import type { Page } from "@playwright/test";
import { expect, expectAccessible as axeCheck, test } from "./fixtures";

/** axe samples colours; let the route fade-in (and tab transitions) finish first. */
async function expectAccessible(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
  await axeCheck(page);
}

test.describe("demo", () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/demo");
  });

  test("home shows the banner, the score, the categories and the streak", async ({ page }) => {
    await expect(page.getByText("Demo Mode - View Only")).toBeVisible();
    await expect(page.getByRole("heading", { name: /Welcome back/ })).toBeVisible();
    const health = page.getByRole("region", { name: "Digital Health Score" });
    await expect(health).toContainText("85/100");
    await expect(health).toContainText("Excellent");
    await expect(health).toContainText("+5 this week");
    for (const c of ["Photos", "Files", "Emails", "Apps"]) {
      await expect(page.getByRole("button", { name: new RegExp(`^${c}`) })).toBeVisible();
    }
    await expect(page.getByTestId("demo-streak-current")).toHaveText("7 days");
    await expect(page.getByTestId("demo-streak-best")).toHaveText("14 days");
    await expect(page.getByRole("tab", { name: "Home" })).toHaveAttribute("aria-selected", "true");
    await expectAccessible(page);
  });

  test("a category card opens Organize on that category; the inner tabs switch and every action is disabled", async ({ page }) => {
    await page.getByRole("button", { name: /^Emails/ }).click();
    await expect(page.getByRole("tab", { name: "Organize" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("heading", { level: 2, name: "Organize" })).toBeVisible();
    await expect(page.getByRole("tab", { name: "Emails" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("list", { name: "Emails items" })).toContainText("Your weekly deals are here");
    await expect(page.getByRole("button", { name: "Archive Promotions" })).toBeDisabled();

    for (const [tab, item, action] of [
      ["Photos", "IMG_2041.jpg", "Delete Duplicates"],
      ["Files", "Project_backup_2023.zip", "Archive Large Files"],
      ["Apps", "Photo Editor Pro", "Remove Unused Apps"],
    ] as const) {
      await page.getByRole("tab", { name: tab, exact: true }).click();
      await expect(page.getByRole("list", { name: `${tab} items` })).toContainText(item);
      await expect(page.getByRole("button", { name: action })).toBeDisabled();
    }
    const panel = page.getByRole("tabpanel", { name: "Apps" });
    const buttons = panel.getByRole("button");
    const count = await buttons.count();
    expect(count).toBeGreaterThan(1);
    for (let i = 0; i < count; i++) await expect(buttons.nth(i)).toBeDisabled();
    await expect(page).toHaveURL(/\/demo$/);
    await expectAccessible(page);
  });

  test("insights shows storage saved, items organized, a bar per weekday and quick stats", async ({ page }) => {
    await page.getByRole("tab", { name: "Insights" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Insights" })).toBeVisible();
    await expect(page.getByText("Storage saved")).toBeVisible();
    await expect(page.getByText("2.4 GB")).toBeVisible();
    await expect(page.getByText("Items organized", { exact: true })).toBeVisible();
    await expect(page.getByText("156", { exact: true })).toBeVisible();
    const week = page.getByRole("list", { name: "Items organized per day" }).getByRole("listitem");
    await expect(week).toHaveCount(7);
    await expect(week).toContainText(["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]);
    await expect(page.getByRole("region", { name: "Quick Stats" })).toContainText("Duplicates removed");
    await expect(page).toHaveURL(/\/demo$/);
    await expectAccessible(page);
  });

  test("settings shows the demo account with disabled preferences and support, and leads back to the showcase", async ({ page }) => {
    await page.getByRole("tab", { name: "Settings" }).click();
    await expect(page.getByRole("heading", { name: "Alex Demo" })).toBeVisible();
    await expect(page.getByText("Demo account")).toBeVisible();
    for (const pref of ["Push Notifications", "Auto Clean Mode", "Daily Tips", "Haptic Feedback"]) {
      await expect(page.getByRole("switch", { name: pref })).toBeDisabled();
    }
    await expect(page.getByRole("button", { name: "Contact Support" })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Help Center" })).toBeDisabled();
    await expectAccessible(page);
    await page.getByRole("link", { name: "Back to Showcase" }).click();
    await expect(page).toHaveURL(/\/showcase$/);
    await expect(page.getByRole("heading", { level: 2, name: "What We Do" })).toBeVisible();
  });

  test("the bottom tab bar switches sections without changing the URL", async ({ page }) => {
    for (const tab of ["Organize", "Insights", "Settings", "Home"]) {
      await page.getByRole("tab", { name: tab }).click();
      await expect(page.getByRole("tab", { name: tab })).toHaveAttribute("aria-selected", "true");
      await expect(page).toHaveURL(/\/demo$/);
    }
    await expect(page.getByRole("heading", { name: /Welcome back/ })).toBeVisible();
  });
});

test("the demo is accessible in the light theme on every tab", async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem("theme", "light"));
  await page.goto("/demo");
  await expect(page.getByText("Demo Mode - View Only")).toBeVisible();
  for (const tab of ["Home", "Organize", "Insights", "Settings"]) {
    await page.getByRole("tab", { name: tab }).click();
    await expect(page.getByRole("tab", { name: tab })).toHaveAttribute("aria-selected", "true");
    await expectAccessible(page);
  }
});
