import type { Page } from "@playwright/test";
import { messages } from "../src/domain/messages";
import { expect, expectAccessible as axeCheck, test } from "./fixtures";
import { newAccount, readResetLink, registerViaApi, sessionStatus, signInViaUi, signOutViaApi } from "./support/auth";
import { takeExpectedConsoleErrors } from "./support/console";

const BAD_REQUEST = /status of 400 \(Bad Request\)/;

/** axe samples colours; let the route fade-in finish first. */
async function expectAccessible(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
  await axeCheck(page);
}

function toast(page: Page, title: string) {
  return page
    .getByRole("region", { name: /Notification/ })
    .getByRole("listitem")
    .filter({ hasText: title });
}

test.describe("accounts", () => {
  test("register through the form, sign out from Settings, sign back in", async ({ page }) => {
    const account = newAccount({ name: "Grace Hopper" });
    await page.goto("/register");
    await page.getByLabel("Full Name").fill(account.name);
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password", { exact: true }).fill(account.password);
    await page.getByLabel("Confirm Password", { exact: true }).fill(account.password);
    await page.getByRole("button", { name: "Create Account" }).click();

    await expect(page).toHaveURL(/\/showcase$/);
    await expect(toast(page, "Account Created")).toContainText("Welcome to CleanSpace! Your account has been created successfully.");
    expect(await sessionStatus(page.request)).toBe(200);
    expect(await page.evaluate(() => [localStorage.getItem("userEmail"), localStorage.getItem("userId")])).toEqual([
      account.email,
      expect.stringMatching(/^\d+$/),
    ]);

    await page.goto("/settings");
    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await sessionStatus(page.request)).toBe(401);
    expect(await page.evaluate(() => localStorage.getItem("userId"))).toBeNull();

    await signInViaUi(page, account.email, account.password);
    await expect(toast(page, "Login Successful")).toContainText("Welcome back to CleanSpace!");
    expect(await sessionStatus(page.request)).toBe(200);
  });

  test("sign-out through the API ends the server session", async ({ page }) => {
    await page.goto("/welcome");
    await registerViaApi(page.request);
    expect(await sessionStatus(page.request)).toBe(200);
    const status = await page.evaluate(async () => (await fetch("/api/auth/logout", { method: "POST", credentials: "include" })).status);
    expect(status).toBe(204);
    expect(await sessionStatus(page.request)).toBe(401);
  });

  test("a wrong password shows 'Login Failed' with the spec text and stays on /login", async ({ page }) => {
    const account = await registerViaApi(page.request);
    await signOutViaApi(page.request);
    await page.goto("/login");
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password", { exact: true }).fill("not-the-password");
    await page.getByLabel("Password", { exact: true }).press("Enter");
    await expect(toast(page, "Login Failed")).toContainText("Incorrect email or password. Please check your credentials and try again.");
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByLabel("Password", { exact: true })).toBeFocused();
  });

  test("a taken e-mail and a common password are shown on their fields", async ({ page, consoleErrors }) => {
    const existing = await registerViaApi(page.request);
    await signOutViaApi(page.request);
    await page.goto("/register");
    await page.getByLabel("Full Name").fill("Someone Else");
    await page.getByLabel("Email").fill(existing.email);
    await page.getByLabel("Password", { exact: true }).fill("another long secret");
    await page.getByLabel("Confirm Password", { exact: true }).fill("another long secret");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(toast(page, "Registration Failed")).toContainText("An account with this email already exists");
    await expect(page.getByLabel("Email")).toHaveAccessibleDescription("An account with this email already exists");

    const common = messages.passwordTooCommon;
    await page.getByLabel("Email").fill(newAccount().email);
    await page.getByLabel("Password", { exact: true }).fill("password123");
    await page.getByLabel("Confirm Password", { exact: true }).fill("password123");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByLabel("Password", { exact: true })).toHaveAccessibleDescription(common);
    await expect(page.getByLabel("Password", { exact: true })).toBeFocused();
    await expect(page).toHaveURL(/\/register$/);
    expect(takeExpectedConsoleErrors(consoleErrors, BAD_REQUEST)).toHaveLength(1);
  });

  test("reset a forgotten password through the e-mailed link", async ({ page, consoleErrors }) => {
    const account = await registerViaApi(page.request);
    await signOutViaApi(page.request);

    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.getByLabel("Email").fill(account.email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByText("If an account exists for that e-mail, we've sent a link to reset your password.")).toBeVisible();

    const link = await readResetLink(page.request, account.email);
    await page.goto(link);
    const newPassword = "a brand new passphrase";
    await page.getByLabel("New Password", { exact: true }).fill(newPassword);
    await page.getByLabel("Confirm New Password", { exact: true }).fill(newPassword);
    await page.getByRole("button", { name: "Save New Password" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(toast(page, "Password Updated")).toBeVisible();

    await signInViaUi(page, account.email, newPassword);

    // The link works once.
    await page.goto(link);
    await page.getByLabel("New Password", { exact: true }).fill("yet another passphrase");
    await page.getByLabel("Confirm New Password", { exact: true }).fill("yet another passphrase");
    await page.getByRole("button", { name: "Save New Password" }).click();
    await expect(page.getByRole("alert")).toHaveText("This reset link is invalid or has expired");
    expect(takeExpectedConsoleErrors(consoleErrors, BAD_REQUEST)).toHaveLength(1);
  });

  test("an unknown e-mail gets the same reset answer", async ({ page }) => {
    await page.goto("/forgot-password");
    await page.getByLabel("Email").fill(newAccount().email);
    await page.getByLabel("Email").press("Enter");
    await expect(page.getByText("If an account exists for that e-mail, we've sent a link to reset your password.")).toBeVisible();
  });
});

test.describe("form validation (spec §5)", () => {
  test("sign-in", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    await expect(page.getByText("Password must be at least 6 characters")).toBeVisible();
    await expect(page.getByLabel("Email")).toBeFocused();
  });

  test("registration", async ({ page }) => {
    await page.goto("/register");
    await page.getByLabel("Full Name").fill("Ada");
    await page.getByLabel("Email").fill("not-an-address");
    await page.getByLabel("Password", { exact: true }).fill("12345");
    await page.getByLabel("Confirm Password", { exact: true }).fill("54321");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    await expect(page.getByText("Password must be at least 6 characters")).toBeVisible();
    await expect(page.getByText("Passwords don't match")).toBeVisible();
    await expect(page.getByLabel("Email")).toBeFocused();
  });

  test("the password toggle shows and hides the password", async ({ page }) => {
    await page.goto("/login");
    const password = page.getByLabel("Password", { exact: true });
    await expect(password).toHaveAttribute("type", "password");
    await page.getByRole("button", { name: "Show password" }).click();
    await expect(password).toHaveAttribute("type", "text");
    await expect(page.getByRole("button", { name: "Hide password" })).toHaveAttribute("aria-pressed", "true");
  });
});

test.describe("welcome (spec §2)", () => {
  test("leads to registration, sign-in, support and the legal pages", async ({ page }) => {
    await page.goto("/welcome");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome to CleanSpace");
    await expect(page.getByRole("link", { name: "support@cleanspace.app" })).toHaveAttribute("href", "mailto:support@cleanspace.app");
    await expect(page.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");
    await expect(page.getByRole("link", { name: "Terms of Service" })).toHaveAttribute("href", "/terms");
    await page.getByRole("link", { name: "Create Account" }).click();
    await expect(page).toHaveURL(/\/register$/);
    await page.goto("/welcome");
    await page.getByRole("link", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe("accessibility", () => {
  for (const path of [
    "/login",
    "/register",
    "/welcome",
    "/forgot-password",
    "/reset-password",
    `/reset-password?token=${"x".repeat(43)}`,
  ]) {
    test(`axe finds nothing serious on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByRole("main")).toHaveCount(1);
      await expectAccessible(page);
    });
  }

  test("axe finds nothing serious with validation errors shown, on a phone, in light mode", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/register");
    await page.evaluate(() => localStorage.setItem("theme", "light"));
    await page.reload();
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByText("Please enter your name")).toBeVisible();
    await expectAccessible(page);
  });
});
