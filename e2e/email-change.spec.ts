/**
 * Changing the sign-in address (issue 18 #3), as a user does it: Settings asks for the
 * current password, the new inbox gets a confirmation link, the old one a notice with a way
 * back; the address changes only once the link is opened and its button pressed.
 */
import type { Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures";
import { newAccount, readOutbox, registerViaApi, signInViaUi } from "./support/auth";
import { takeExpectedConsoleErrors } from "./support/console";

async function linkIn(page: Page, to: string, action: "confirm" | "undo"): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const url = (await readOutbox(page.request, to))
        .map((m) => m.text.match(new RegExp(`https?://\\S+/email-change\\?action=${action}&token=[\\w-]+`))?.[0])
        .find(Boolean);
      link = url ? new URL(url).pathname + new URL(url).search : undefined;
      return link;
    })
    .toBeTruthy();
  return link!;
}

test("change the sign-in address: password, confirmation link, then sign in with the new address", async ({ page, consoleErrors }) => {
  const account = await registerViaApi(page.request, newAccount({ name: "Ada" }));
  const newEmail = account.email.replace("@", ".moved@");
  await page.goto("/settings");
  await page.getByRole("button", { name: "Change email" }).click();
  await page.getByLabel("New email").fill(newEmail);
  await page.getByLabel("Current password").fill("not my password");
  await page.getByRole("button", { name: "Send confirmation link" }).click();
  await expect(page.getByText("Your current password is incorrect")).toBeVisible();
  expect(takeExpectedConsoleErrors(consoleErrors, /status of 400 \(Bad Request\)/)).toHaveLength(1);
  await expectAccessible(page);

  await page.getByLabel("Current password").fill(account.password);
  await page.getByRole("button", { name: "Send confirmation link" }).click();
  await expect(page.getByTestId("email-change-pending")).toContainText(`Check ${newEmail} for a confirmation link`);
  // The old address is told, with a way back.
  expect(await linkIn(page, account.email, "undo")).toMatch(/^\/email-change\?action=undo&token=/);

  await page.goto(await linkIn(page, newEmail, "confirm"));
  await expect(page.getByRole("heading", { level: 1, name: "Confirm your new address" })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Confirm new address" }).click();
  await expect(page.getByText(`Your sign-in address is now ${newEmail}. Other devices were signed out.`)).toBeVisible();

  await page.context().clearCookies();
  await signInViaUi(page, newEmail, account.password);
});
