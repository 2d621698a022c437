import type { Page } from "@playwright/test";
import { expect, expectAccessible as axeCheck, test } from "./fixtures";

/** axe samples colours; let the route fade-in (and tab transitions) finish first. */
async function expectAccessible(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
  await axeCheck(page);
}

const PRIVACY_SECTIONS = [
  "Information We Collect",
  "How We Use Your Information",
  "Data Security",
  "Third-Party Services",
  "Your Privacy Rights",
  "Contact Us",
  "Changes to This Policy",
];

const TERMS_SECTIONS = [
  "Agreement",
  "Our Service",
  "User Accounts and Responsibilities",
  "Intellectual Property",
  "Subscription and Payment Terms",
  "Data Handling",
  "Warranties and Liability",
  "Account Termination",
  "Dispute Resolution",
  "Modifications",
  "Additional Legal Terms",
  "Contact",
];

test.describe("privacy policy", () => {
  test("shows the date, every section and the rights, and is accessible", async ({ page }) => {
    await page.goto("/privacy");
    await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
    await expect(page.getByText("Last updated: January 16, 2025")).toBeVisible();
    const h2 = page.getByRole("heading", { level: 2 });
    await expect(h2).toHaveText(PRIVACY_SECTIONS);

    const rights = page.getByRole("region", { name: "Your Privacy Rights" });
    for (const right of ["Access", "Correct", "Delete", "Opt out", "Take your data with you", "Object", "Restrict", "Withdraw consent"]) {
      await expect(rights.getByText(right, { exact: true })).toBeVisible();
    }
    await expect(rights).toContainText("portability");
    await expect(page.getByRole("link", { name: "support@cleanspace.app" }).first()).toHaveAttribute(
      "href",
      "mailto:support@cleanspace.app",
    );
    // The text says what the product really does with files.
    await expect(page.getByRole("main")).toContainText("never leave your device");
    await expect(page.getByRole("main")).toContainText("Argon2id");
    // The CLI's cache folder (hash cache, and Node's compile cache of the CLI where Node has one) is named too.
    await expect(page.getByRole("main")).toContainText("The command-line tool keeps a cache of its own in your user cache folder");
    await expectAccessible(page);
  });

  test("says what the code does: what Stripe gets, the rate-limit table, how long each record is kept", async ({ page }) => {
    await page.goto("/privacy");
    const third = page.getByRole("region", { name: "Third-Party Services" });
    // src/server/services/payments.ts: customers.create({ email, name, metadata: { userId } }).
    await expect(third).toContainText("we send it your name, e-mail address and CleanSpace user id");
    await expect(third).toContainText("It receives your e-mail address and the message.");
    const collected = page.getByRole("region", { name: "Information We Collect" });
    await expect(collected).toContainText("Each count is stored with that IP address or e-mail address in a rate-limit table");
    await expect(collected).toContainText("for the length of its window");
    await expect(collected).toContainText("e-mail you a link to confirm your address");

    // The retention periods the clean-up job applies, one line per kind of record.
    const retention = page.getByTestId("retention-list").getByRole("listitem");
    await expect(retention).toHaveCount(11);
    for (const line of [
      /Sessions: deleted once they expire/,
      /Password-reset and e-mail confirmation links: deleted once used or expired/,
      /Gmail and Outlook sign-ins in progress .*: deleted once used, or after 10 minutes/,
      /deleted 7 days after sending; a message never sent is deleted 7 days after it was written/,
      /Ids of offline changes already applied .*: 30 days/,
      /Ids of payment events from Stripe already processed .*: 90 days/,
      /Rate-limit records, which hold IP addresses and e-mail addresses: deleted at the end of their window/,
      /keyed hash \(HMAC\) of its e-mail address even after the account is deleted, so each address gets one free trial/,
      /until you delete your account; then they are removed with it/,
      /On this device, when you sign out: CleanSpace removes what it kept here to show you/,
      /The hash is taken of the mailbox, not the exact spelling/,
    ]) {
      await expect(retention.filter({ hasText: line })).toHaveCount(1);
    }
  });

  test("'Back to Website' goes to /", async ({ page }) => {
    await page.goto("/privacy");
    await page.getByRole("link", { name: "Back to Website" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });
});

test.describe("terms of service", () => {
  test("shows the date, the twelve sections and the spec's constants, and is accessible", async ({ page }) => {
    await page.goto("/terms");
    await expect(page.getByRole("heading", { level: 1, name: "Terms of Service" })).toBeVisible();
    await expect(page.getByText("Last updated: January 16, 2025")).toBeVisible();
    await expect(page.getByRole("heading", { level: 2 })).toHaveText(TERMS_SECTIONS);
    const main = page.getByRole("main");
    for (const text of [
      "at least 13 years old",
      "at least 16 in the European Union",
      "One account per person",
      "at least 24 hours before the renewal",
      "within 30 days of the initial purchase",
      "at least 30 days in advance",
      "after 7 days",
      "within 60 days",
      "respond within 30 days",
      "30 days after that notice",
      "fees you paid us in the 12 months",
      "State of New Jersey",
      "A free trial may not require a credit card",
    ]) {
      await expect(main).toContainText(text);
    }
    await expectAccessible(page);
  });

  test("the back link and 'Return to Website' both go to the site root", async ({ page }) => {
    await page.goto("/terms");
    await expect(page.getByRole("link", { name: "Back to Website" })).toHaveAttribute("href", "/");
    await page.getByRole("button", { name: "Return to Website" }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe("scroll to top", () => {
  test("each legal page opens at its top, even after client-side navigation from far down a page", async ({ page }) => {
    await page.addInitScript(() => {
      const calls: unknown[][] = [];
      (window as unknown as { __scrollCalls: unknown[][] }).__scrollCalls = calls;
      const original = window.scrollTo.bind(window);
      window.scrollTo = ((...args: unknown[]) => {
        calls.push(args);
        (original as (...a: unknown[]) => void)(...args);
      }) as typeof window.scrollTo;
    });
    await page.setViewportSize({ width: 390, height: 700 });
    await page.goto("/privacy");
    await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __scrollCalls: unknown[][] }).__scrollCalls)).toContainEqual([0, 0]);

    // From the bottom of the privacy page, the Terms link opens Terms at its top.
    const termsLink = page.getByRole("main").getByRole("link", { name: "Terms of Service" });
    await termsLink.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await termsLink.click();
    await expect(page.getByRole("heading", { level: 1, name: "Terms of Service" })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(page.getByRole("heading", { level: 1, name: "Terms of Service" })).toBeInViewport();
  });
});

test("both legal pages are accessible in the light theme", async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem("theme", "light"));
  for (const [path, title] of [
    ["/privacy", "Privacy Policy"],
    ["/terms", "Terms of Service"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expectAccessible(page);
  }
});
