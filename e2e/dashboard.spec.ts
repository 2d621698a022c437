import { readdirSync, statSync } from "node:fs";
import { extname, join } from "node:path";
import type { Page } from "@playwright/test";
import { makeCorpus, type CorpusManifest } from "./support/corpus";
import { TOUR_DELAY_MS } from "../src/client/features/dashboard/tour/guided-tour";
import { expect, expectAccessible, test } from "./fixtures";

let corpus: CorpusManifest;
test.beforeAll(() => {
  corpus = makeCorpus(200, 3);
});

function countPhotos(dir: string): number {
  let n = 0;
  for (const entry of readdirSync(dir)) {
    const p = join(dir, entry);
    if (statSync(p).isDirectory()) n += countPhotos(p);
    else if ([".jpg", ".jpeg", ".png", ".gif", ".webp", ".bmp", ".heic"].includes(extname(p).toLowerCase())) n++;
  }
  return n;
}

async function finishTourIfShown(page: Page) {
  const tour = page.getByRole("dialog", { name: "Welcome" });
  await expect(tour).toBeVisible();
  await expect(tour.getByText("Step 1 of 5")).toBeVisible();
  for (let i = 0; i < 4; i++) await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("Step 5 of 5")).toBeVisible();
  await page.getByRole("button", { name: "Finish" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
}

test("a new user scans a real folder and sees its figures on the dashboard", async ({ page, signUp, baseURL }) => {
  // A real scan, two accessibility checks and two reloads: a heavy journey, like the other scans.
  test.setTimeout(90_000);
  const user = await signUp({ name: "Dana" });
  await page.goto("/home");
  await expect(page.getByRole("heading", { name: "Good morning, Dana" })).toBeVisible();
  await expect(page.getByText("Premium Features Preview")).toBeVisible();

  // First the one-time preferences question (issue 16), then the tour starts by itself, once.
  await page.getByTestId("preferences-prompt").getByRole("button", { name: "Skip" }).click();
  await finishTourIfShown(page);
  await expectAccessible(page);

  await page.getByRole("button", { name: "Real data scan" }).click();
  await expect(page.getByRole("heading", { name: "System Permissions" })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel("Or choose a folder manually (works in every browser)").setInputFiles(corpus.dir);
  // Signed in: the scan reached the account, so the notice may say "saved".
  await expect(page.getByText("Scan Complete", { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("Your digital life has been analyzed and saved!", { exact: true })).toBeVisible();

  // The panel closes on completion; the dashboard shows the corpus's real figures.
  await expect(page.getByRole("heading", { name: "System Permissions" })).toHaveCount(0);
  const copies = corpus.totals.dupFiles - corpus.totals.dupGroups;
  await expect(page.getByTestId("result-files-found")).toHaveText(String(corpus.totals.files));
  await expect(page.getByTestId("result-duplicates-found")).toHaveText(String(copies));
  const photos = countPhotos(corpus.dir);
  await expect(page.getByRole("button", { name: new RegExp(`^Photos: ${photos} items`) })).toBeVisible();
  await expect(page.getByRole("button", { name: new RegExp(`^Files: ${corpus.totals.files - photos} items`) })).toBeVisible();

  // The score is real and explained; the server holds only aggregates.
  const data = await (await page.request.get(`/api/digital-data/${user.id}`)).json();
  expect(data.summary.totalFiles).toBe(corpus.totals.files);
  expect(data.summary.duplicateFiles).toBe(copies);
  await expect(page.getByTestId("health-score")).toHaveText(String(data.healthScore));
  await page.getByText("Why this score?").click();
  await expect(page.getByRole("list", { name: "Score breakdown" })).toContainText("Duplicate copies");
  await expectAccessible(page);

  // A cleanup action moves Today's Goal and the streak.
  await expect(page.getByTestId("goal-progress")).toHaveText(`0 of ${data.goal.target} completed`);
  const event = await page.request.post("/api/cleanup-events", {
    data: { clientId: `e2e-${Date.now()}`, category: "photos", action: "trash", items: 3, bytesFreed: 1000 },
    headers: { origin: baseURL! },
  });
  expect(event.ok()).toBe(true);
  // The page's clock is faked from here, so the tour's start delay can be run through at once.
  await page.clock.install();
  await page.reload();
  await expect(page.getByTestId("goal-progress")).toHaveText(`1 of ${data.goal.target} completed`);
  await expect(page.getByTestId("streak-days")).toHaveText("1 day");
  // The tour ran once: not again after a reload, even once its start delay has passed.
  await page.clock.runFor(TOUR_DELAY_MS * 2);
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("free users get the premium toast from Quick Scan and the quick-actions toggle", async ({ page, signUp }) => {
  await signUp({ name: "Dana" });
  await page.addInitScript(() => localStorage.setItem("tourCompleted", "true"));
  await page.goto("/home");
  await page.getByRole("button", { name: "Quick Scan" }).click();
  await expect(
    page.getByText("File scanning is available with CleanSpace Pro. Upgrade to unlock full access!", { exact: true }),
  ).toBeVisible();
  await page.getByRole("button", { name: "Quick actions" }).click();
  await expect(
    page.getByText("Quick actions are available with CleanSpace Pro. Upgrade to start organizing your digital life!", { exact: true }),
  ).toBeVisible();
});

test("a visitor who is not signed in can scan locally", async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem("tourCompleted", "true"));
  await page.goto("/app");
  await expect(page.getByRole("heading", { name: "Good morning, User" })).toBeVisible();
  await page.getByRole("button", { name: "Real data scan" }).click();
  await page.getByLabel("Or choose a folder manually (works in every browser)").setInputFiles(corpus.dir);
  // Not signed in: nothing is saved to an account, and the notice does not say so.
  await expect(page.getByText("Files Analyzed", { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(`Analyzed ${corpus.totals.files} selected files`, { exact: true })).toBeVisible();
  await expect(page.getByText("Scan Complete", { exact: true })).toHaveCount(0);
  await expect(page.getByTestId("result-files-found")).toHaveText(String(corpus.totals.files));
});
