/**
 * Shared browser fixtures: every test fails on an unexpected console error, `signUp` makes
 * a fresh account signed in on the test's page, and `expectAccessible` runs axe-core and
 * fails on any serious or critical violation.
 */
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";
import { newAccount, registerViaApi, startCardFreeTrial, type TestAccount } from "./support/auth";

export interface SignUpOptions {
  /** The account's display name (greetings and profile show it). */
  name?: string;
  /** Also confirm the address and start the card-free Pro trial the test server offers. */
  pro?: boolean;
}

export type SignedUpUser = TestAccount & { id: number };

export const test = base.extend<{ consoleErrors: string[]; signUp: (options?: SignUpOptions) => Promise<SignedUpUser> }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (msg) => {
        if (msg.type() !== "error") return;
        const text = msg.text();
        // Expected HTTP failures the test itself provokes are asserted in the test.
        if (/Failed to load resource: the server responded with a status of (401|403|404|409|429)/.test(text)) return;
        errors.push(text);
      });
      page.on("pageerror", (err) => errors.push(String(err)));
      await use(errors);
      expect(errors, "unexpected console errors").toEqual([]);
    },
    { auto: true },
  ],
  // Registers through POST /api/users on the page's own request context, so the session
  // cookie it earns signs the page in too; every call makes an address no test has used.
  signUp: async ({ page }, use) => {
    await use(async ({ name, pro = false } = {}) => {
      const user = await registerViaApi(page.request, newAccount(name ? { name } : {}));
      if (pro) await startCardFreeTrial(page.request, user.id);
      return user;
    });
  },
});

export { expect };

export async function expectAccessible(page: Page): Promise<void> {
  // Colours are checked as they settle, not half-way through the route's fade-in.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity),
  );
  // Legacy mode runs axe in the page itself instead of opening a blank page per check to gather
  // per-frame results; the app draws no frames, so the findings are the same for half the time.
  const results = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
    "axe serious/critical violations",
  ).toEqual([]);
}
