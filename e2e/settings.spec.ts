import { expect, expectAccessible, test } from "./fixtures";

test("a toggle is saved to the account: it survives a reload and shows on another device", async ({ page, signUp, browser, baseURL }) => {
  const user = await signUp({ name: "Sam" });
  await page.goto("/settings");
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
  await expect(page.getByTestId("profile-name")).toHaveText("Sam");
  await expectAccessible(page);

  const haptics = page.getByRole("switch", { name: "Haptic Feedback" });
  await expect(haptics).toBeChecked();
  await haptics.click();
  await expect(page.getByText("Setting Updated", { exact: true })).toBeVisible();
  await expect(haptics).not.toBeChecked();
  await expect.poll(async () => (await (await page.request.get("/api/settings")).json()).hapticFeedback).toBe(false);

  await page.reload();
  await expect(page.getByRole("switch", { name: "Haptic Feedback" })).not.toBeChecked();

  // A second browser context stands in for another device.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  const login = await otherPage.request.post(`${baseURL}/api/auth/login`, {
    data: { email: user.email, password: user.password },
    headers: { origin: baseURL! },
  });
  expect(login.ok()).toBe(true);
  await otherPage.goto(`${baseURL}/settings`);
  await expect(otherPage.getByRole("switch", { name: "Haptic Feedback" })).not.toBeChecked();
  await expect(otherPage.getByRole("switch", { name: "Daily Tips" })).toBeChecked();
  await other.close();
});

test("the profile can be edited and the version comes from package.json", async ({ page, signUp }) => {
  await signUp({ name: "Sam" });
  await page.goto("/settings");
  await page.getByRole("button", { name: "Edit" }).click();
  await page.getByLabel("Name").fill("Samira");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("profile-name")).toHaveText("Samira");
  await expect(page.getByTestId("app-version")).toHaveText("version 1.0");
});

test("Sign Out ends the server session and goes to /", async ({ page, signUp, baseURL }) => {
  await signUp({ name: "Sam" });
  await page.goto("/settings");
  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(`${baseURL}/`);
  expect((await page.request.get("/api/auth/me")).status()).toBe(401);
  expect(await page.evaluate(() => localStorage.getItem("userId"))).toBeNull();
});

test("deleting the account needs the password and removes it", async ({ page, signUp, baseURL }) => {
  const user = await signUp({ name: "Sam" });
  await page.goto("/settings");
  await page.getByRole("button", { name: "Delete account" }).click();
  await expectAccessible(page);
  await page.getByLabel("Password").fill("wrong password!");
  await page.getByRole("button", { name: "Delete permanently" }).click();
  await expect(page.getByText("That password is not correct.")).toBeVisible();
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Delete permanently" }).click();
  await expect(page).toHaveURL(`${baseURL}/`);
  const login = await page.request.post("/api/auth/login", {
    data: { email: user.email, password: user.password },
    headers: { origin: baseURL! },
  });
  expect(login.status()).toBe(401);
});

test("the sync status and 'What left this device' show what this browser sent, and clear", async ({ page, signUp, context }) => {
  await signUp({ name: "Sam" });
  await page.goto("/settings");
  await expect(page.getByTestId("sync-online")).toHaveText("Online");
  await expect(page.getByTestId("sync-pending")).toHaveText("0");
  await expect(page.getByTestId("sync-syncing")).toHaveText("No");
  await expect(page.getByTestId("sent-log-empty")).toBeVisible();

  await page.getByRole("switch", { name: "Daily Tips" }).click();
  await expect(page.getByText("Setting Updated", { exact: true })).toBeVisible();
  const entry = page.getByTestId("sent-entry").filter({ hasText: "/api/settings" });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText("PATCH");
  await expect(entry).toContainText("answered 200");
  await expect(entry.getByLabel("Data sent by PATCH /api/settings")).toHaveText(JSON.stringify({ dailyTips: false }, null, 2));
  await expectAccessible(page);

  // Offline, the status says so everywhere.
  await context.setOffline(true);
  await expect(page.getByTestId("sync-online")).toHaveText("Offline");
  await expect(page.getByTestId("sync-status").first()).toHaveText("Offline");
  await context.setOffline(false);
  await expect(page.getByTestId("sync-online")).toHaveText("Online");

  // Kept across a reload (this browser only), gone after Clear.
  await page.reload();
  await expect(page.getByTestId("sent-entry").filter({ hasText: "/api/settings" })).toHaveCount(1);
  await page.getByRole("button", { name: "Clear this list" }).click();
  await expect(page.getByTestId("sent-log-empty")).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("cleanspace.sentLog"))).toBeNull();
});
