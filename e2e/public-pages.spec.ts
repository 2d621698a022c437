import type { Page } from "@playwright/test";
import { expect, expectAccessible as axeCheck, test } from "./fixtures";
import { registerViaApi, signInViaUi } from "./support/auth";

/** axe samples colours; let the route fade-in (and tab transitions) finish first. */
async function expectAccessible(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
  await axeCheck(page);
}

const SIGNUP_URL = "**/api/email-signup";

/** Drops the console lines a test provoked on purpose (after asserting they happened). */
function takeExpected(errors: string[], pattern: RegExp): string[] {
  const taken = errors.filter((e) => pattern.test(e));
  errors.splice(0, errors.length, ...errors.filter((e) => !pattern.test(e)));
  return taken;
}

function signupCard(page: Page) {
  return page.getByRole("region", { name: "Get early access" });
}

async function expectPricing(page: Page) {
  const plans = [
    ["Monthly Pro", "$3.50", "$6.99"],
    ["Yearly Pro", "$34.99", "$69.99"],
    ["Lifetime Pro", "$44.99", "$79.99"],
  ] as const;
  for (const [name, early, list] of plans) {
    const card = page.getByRole("article", { name });
    await expect(card).toContainText(`Early-signup price ${early}`);
    await expect(card.locator("s")).toHaveText(`Regular price ${list}`);
  }
  await expect(page.getByRole("article", { name: "Yearly Pro" })).toContainText("Most Popular");
  await expect(page.getByRole("article", { name: "Yearly Pro" })).toContainText("Save 17% vs monthly");
  await expect(page.getByRole("article", { name: "Monthly Pro" })).toContainText("3-day free trial");
  await expect(page.getByRole("article", { name: "Yearly Pro" })).toContainText("7-day free trial");
}

async function expectFooter(page: Page) {
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");
  await expect(footer.getByRole("link", { name: "Terms of Service" })).toHaveAttribute("href", "/terms");
  await expect(footer.getByRole("link", { name: "Support" })).toHaveAttribute("href", "mailto:support@cleanspace.app");
}

test.describe("showcase (/ and /showcase)", () => {
  for (const path of ["/", "/showcase"]) {
    test(`${path} shows every section and is accessible`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Declutter your digital life");
      await expect(page.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/login");
      await expect(page.getByRole("banner").getByRole("link", { name: "Get Started" })).toHaveAttribute("href", "/register");
      await expect(page.getByRole("link", { name: "Create Account" })).toHaveAttribute("href", "/register");
      await expect(signupCard(page)).toContainText("Join 1,000+ users waiting");

      const whatWeDo = page.getByRole("region", { name: "What We Do" });
      await expect(whatWeDo.getByRole("heading", { level: 3 })).toHaveText([
        "Photo Cleanup",
        "File Organization",
        "Email Management",
        "App Optimization",
      ]);
      const track = page.getByRole("region", { name: "Track Your Progress" });
      await expect(track.getByRole("heading", { level: 3 })).toHaveText(["Health Score", "Cleanup Streaks", "Storage Analytics"]);
      await expectPricing(page);

      await expect(page.getByRole("link", { name: "View Demo" })).toHaveAttribute("href", "/demo");
      for (const store of ["iOS", "Android"]) {
        const button = page.getByRole("button", { name: new RegExp(`^${store}`) });
        await expect(button).toBeDisabled();
        await expect(button).toContainText("Soon");
      }
      await expectFooter(page);
      await expectAccessible(page);
    });
  }

  test("View Demo opens the demo and Sign In opens the login page", async ({ page }) => {
    await page.goto("/showcase");
    await page.getByRole("link", { name: "View Demo" }).click();
    await expect(page).toHaveURL(/\/demo$/);
    await page.goto("/showcase");
    await page.getByRole("link", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe("landing (/landing)", () => {
  test("shows hero, pricing, download, signup and footer, and is accessible", async ({ page }) => {
    await page.goto("/landing");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Declutter your digital life");
    await expectPricing(page);
    await expect(page.getByRole("link", { name: "View Demo" })).toHaveAttribute("href", "/demo");
    for (const store of ["App Store", "Google Play"]) {
      const button = page.getByRole("button", { name: new RegExp(`^${store}`) });
      await expect(button).toBeDisabled();
      await expect(button).toContainText("Coming Soon");
    }
    await expect(signupCard(page)).toBeVisible();
    await expectFooter(page);
    await expectAccessible(page);
  });

  test("plan buttons are dimmed, marked disabled and do nothing", async ({ page }) => {
    await page.goto("/landing");
    const buttons = page.getByRole("button", { name: /^Get Started for/ });
    await expect(buttons).toHaveCount(3);
    for (let i = 0; i < 3; i++) {
      const button = buttons.nth(i);
      await expect(button).toHaveAttribute("aria-disabled", "true");
      expect(Number(await button.evaluate((el) => getComputedStyle(el).opacity))).toBeLessThan(1);
      await button.click({ force: true });
    }
    await expect(page).toHaveURL(/\/landing$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Declutter your digital life");
  });
});

test.describe("early-access signup card", () => {
  test("idle: an e-mail input; submit stays disabled while the field is empty", async ({ page }) => {
    await page.goto("/landing");
    const card = signupCard(page);
    const input = card.getByLabel("Email address");
    await expect(input).toHaveAttribute("type", "email");
    await expect(card.getByRole("button", { name: "Notify Me" })).toBeDisabled();
    await input.fill("   ");
    await expect(card.getByRole("button", { name: "Notify Me" })).toBeDisabled();
    await input.fill("a");
    await expect(card.getByRole("button", { name: "Notify Me" })).toBeEnabled();
  });

  test("an address without '@' shows the validation message and sends no request", async ({ page }) => {
    let requests = 0;
    page.on("request", (r) => {
      if (r.url().includes("/api/email-signup")) requests++;
    });
    await page.goto("/");
    const card = signupCard(page);
    await card.getByLabel("Email address").fill("not-an-email");
    await card.getByRole("button", { name: "Notify Me" }).click();
    await expect(card.getByRole("alert")).toHaveText("Please enter a valid email address");
    await expect(card.getByLabel("Email address")).toHaveAttribute("aria-invalid", "true");
    expect(requests).toBe(0);
    await expectAccessible(page);
  });

  test("loading disables the input and the button, then success replaces the card", async ({ page }) => {
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let body: unknown;
    await page.route(SIGNUP_URL, async (route) => {
      body = route.request().postDataJSON();
      await released;
      await route.continue();
    });
    await page.goto("/showcase");
    const card = signupCard(page);
    const email = `e2e-${Date.now()}@example.com`;
    await card.getByLabel("Email address").fill(email);
    await card.getByRole("button", { name: "Notify Me" }).click();
    await expect(card.getByLabel("Email address")).toBeDisabled();
    await expect(card.getByRole("button", { name: /Joining/ })).toBeDisabled();
    expect(body).toEqual({ email, source: "landing_page", tags: ["app_launch_notification", "early_access"] });
    release();

    const success = page.getByRole("region", { name: "You're All Set!" });
    await expect(success).toBeVisible();
    await expect(success).toContainText("Thanks! You'll be notified when CleanSpace launches.");
    await expect(signupCard(page)).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "You're All Set!" })).toBeFocused();
    await expectAccessible(page);
  });

  test("the same address twice succeeds both times against the real server", async ({ page }) => {
    const email = `twice-${Date.now()}@example.com`;
    for (let i = 0; i < 2; i++) {
      await page.goto("/landing");
      await signupCard(page).getByLabel("Email address").fill(email);
      await signupCard(page).getByRole("button", { name: "Notify Me" }).click();
      await expect(page.getByRole("heading", { name: "You're All Set!" })).toBeVisible();
    }
  });

  test("a server error shows the server's error text", async ({ page, consoleErrors }) => {
    await page.route(SIGNUP_URL, (route) =>
      route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({ error: "Signups are paused for maintenance" }),
      }),
    );
    await page.goto("/landing");
    const card = signupCard(page);
    await card.getByLabel("Email address").fill("someone@example.com");
    await card.getByRole("button", { name: "Notify Me" }).click();
    await expect(card.getByRole("alert")).toHaveText("Signups are paused for maintenance", { timeout: 10_000 });
    await expect(card.getByLabel("Email address")).toBeEnabled();
    await expect(card.getByLabel("Email address")).toHaveValue("someone@example.com");
    await expectAccessible(page);
    expect(takeExpected(consoleErrors, /status of 500/).length).toBeGreaterThan(0);
  });

  test("a server error without an error field shows the generic message", async ({ page, consoleErrors }) => {
    await page.route(SIGNUP_URL, (route) => route.fulfill({ status: 502, contentType: "text/html", body: "<h1>Bad gateway</h1>" }));
    await page.goto("/landing");
    const card = signupCard(page);
    await card.getByLabel("Email address").fill("someone@example.com");
    await card.getByRole("button", { name: "Notify Me" }).click();
    await expect(card.getByRole("alert")).toHaveText("Something went wrong. Please try again.", { timeout: 10_000 });
    expect(takeExpected(consoleErrors, /status of 502/).length).toBeGreaterThan(0);
  });

  test("a network failure shows the connection message", async ({ page, consoleErrors }) => {
    await page.route(SIGNUP_URL, (route) => route.abort("failed"));
    await page.goto("/showcase");
    const card = signupCard(page);
    await card.getByLabel("Email address").fill("someone@example.com");
    await card.getByRole("button", { name: "Notify Me" }).click();
    await expect(card.getByRole("alert")).toHaveText("Network error. Please check your connection and try again.", {
      timeout: 10_000,
    });
    takeExpected(consoleErrors, /net::ERR_FAILED/);
  });
});

test.describe("light theme", () => {
  test("/, /landing and the signup states are accessible in the light theme too", async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem("theme", "light"));
    for (const path of ["/", "/landing"]) {
      await page.goto(path);
      await expect(page.locator("html")).not.toHaveClass(/dark/);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectAccessible(page);
    }
    await signupCard(page).getByLabel("Email address").fill("nope");
    await signupCard(page).getByRole("button", { name: "Notify Me" }).click();
    await expect(signupCard(page).getByRole("alert")).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe("prerendered public pages", () => {
  test("arrive as finished HTML: readable with JavaScript turned off", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      for (const path of ["/", "/showcase", "/landing"]) {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText("Declutter your digital life");
        await expectPricing(page);
        await expect(signupCard(page)).toContainText("Join 1,000+ users waiting");
        await expectFooter(page);
      }
    } finally {
      await context.close();
    }
  });

  test("an address typed before the form's script has loaded is kept and sent", async ({ page }) => {
    // Hold the signup form's script back until the visitor has typed.
    let releaseScript!: () => void;
    const scriptHeld = new Promise<void>((r) => (releaseScript = r));
    await page.route("**/assets/public-page-islands-*.js", async (route) => {
      await scriptHeld;
      await route.continue();
    });
    let body: unknown;
    await page.route(SIGNUP_URL, async (route) => {
      body = route.request().postDataJSON();
      await route.fulfill({ status: 201, json: { ok: true } });
    });
    await page.goto("/landing", { waitUntil: "commit" });
    const card = signupCard(page);
    await card.getByLabel("Email address").fill("early.bird@example.com");
    releaseScript();
    await expect(card.getByRole("button", { name: "Notify Me" })).toBeEnabled();
    await card.getByRole("button", { name: "Notify Me" }).click();
    await expect(page.getByRole("heading", { name: "You're All Set!" })).toBeVisible();
    expect(body).toMatchObject({ email: "early.bird@example.com", source: "landing_page" });
  });

  test("a signed-in user at / gets the dashboard, and the showcase again once signed out", async ({ page }) => {
    const account = await registerViaApi(page.request);
    await page.addInitScript(() => localStorage.setItem("tourCompleted", "true"));
    await signInViaUi(page, account.email, account.password);
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Declutter your digital life");

    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Declutter your digital life");
  });
});
