/**
 * The page's Content-Security-Policy forbids `eval` and `new Function`; nothing the app runs
 * may try them (issue 38: each attempt is a violation Chrome reports, and Lighthouse's
 * best-practices score loses points for it). zod 4 tries `new Function` when an object schema is
 * created unless it is configured jitless (src/client/config/zod-jitless.ts), so these pages
 * are opened and used until their schemas have been created and have parsed answers.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/** Records every CSP violation the document reports, from before the page's first script. */
async function recordViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
    });
  });
}

function violations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
}

test("sign-in page: no CSP violation while it loads and checks a form", async ({ page }) => {
  await recordViolations(page);
  await page.goto("/login");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // Submitting an empty form makes the form's schema parse.
  await page.getByRole("button", { name: /sign in/i }).click();
  await page.waitForLoadState("networkidle");
  expect(await violations(page)).toEqual([]);
});

test("signed-in dashboard and settings: no CSP violation", async ({ page, signUp }) => {
  await signUp();
  await recordViolations(page);
  await page.goto("/home");
  await page.waitForLoadState("networkidle");
  expect(await violations(page)).toEqual([]);
  await page.goto("/settings");
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(await violations(page)).toEqual([]);
});
