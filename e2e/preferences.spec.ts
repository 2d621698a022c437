/**
 * Preferences (spec §3 primaryGoal, dataTypes; issue 16): asked once after registration on
 * the dashboard (skippable), stored on the server, editable in Settings, and the category
 * cards follow them exactly as spec §2 orders them.
 */
import type { Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures";
import { registerViaApi } from "./support/auth";

/** The dashboard's category cards, top to bottom, by title. */
async function categoryOrder(page: Page): Promise<string[]> {
  const section = page.locator("section", { has: page.getByRole("heading", { name: "Declutter Categories" }) });
  const labels = await section.getByRole("button").evaluateAll((buttons) => buttons.map((b) => b.getAttribute("aria-label") ?? ""));
  return labels.map((l) => l.split(":")[0]!);
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem("tourCompleted", "true"));
});

test("asked once after registration: the answer is saved and orders the categories", async ({ page }) => {
  await registerViaApi(page.request);
  await page.goto("/home");
  const prompt = page.getByTestId("preferences-prompt");
  await expect(prompt.getByRole("heading", { name: "Make CleanSpace yours" })).toBeVisible();
  await expectAccessible(page);
  expect(await categoryOrder(page)).toEqual(["Photos", "Files", "Apps", "Email"]);

  await prompt.getByLabel("Protect my privacy").check();
  // Picked in this order: they come first, in this order; the rest follow the privacy order.
  await prompt.getByLabel("Email").check();
  await prompt.getByLabel("Files").check();
  await prompt.getByRole("button", { name: "Save preferences" }).click();
  await expect(prompt).toHaveCount(0);
  await expect.poll(() => categoryOrder(page)).toEqual(["Email", "Files", "Apps", "Photos"]);
  expect(await (await page.request.get("/api/preferences")).json()).toEqual({
    primaryGoal: "privacy",
    dataTypes: ["email", "files"],
    asked: true,
  });

  await page.reload();
  await expect(page.getByRole("heading", { name: "Declutter Categories" })).toBeVisible();
  await expect(page.getByTestId("preferences-prompt")).toHaveCount(0);
  expect(await categoryOrder(page)).toEqual(["Email", "Files", "Apps", "Photos"]);
});

test("skipping answers it for good; Settings edits the preferences later", async ({ page }) => {
  await registerViaApi(page.request);
  await page.goto("/home");
  await page.getByTestId("preferences-prompt").getByRole("button", { name: "Skip" }).click();
  await expect(page.getByTestId("preferences-prompt")).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Declutter Categories" })).toBeVisible();
  await expect(page.getByTestId("preferences-prompt")).toHaveCount(0);

  await page.goto("/settings");
  const card = page
    .locator("section, div")
    .filter({ has: page.getByRole("heading", { name: "Your goals" }) })
    .last();
  await card.getByLabel("Be more productive").check();
  await card.getByRole("button", { name: "Update goals" }).click();
  await expect(page.getByText("Your goals are saved.", { exact: true })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" }).click();
  await expect.poll(() => categoryOrder(page)).toEqual(["Apps", "Email", "Files", "Photos"]);
});
