/**
 * Privacy, proven in the browser (issue 12): a full scan of a real corpus while every
 * request the browser makes is recorded — no file name, path or content byte from the
 * corpus appears in any URL, header or body — and Settings' "What left this device" shows
 * the scan's aggregate payload. Stored text containing HTML renders as text, never markup.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import type { APIRequestContext, BrowserContext, Page } from "@playwright/test";
import { confirmEmailViaOutbox, registerViaApi, newAccount } from "./support/auth";
import { makeCorpus, type CorpusManifest } from "./support/corpus";
import { expect, expectAccessible, test } from "./fixtures";

interface Recorded {
  url: string;
  headers: Record<string, string>;
  body: Buffer | null;
}

/** Every request any page, worker or service worker of the context makes, with its headers and body. */
function recordRequests(context: BrowserContext): { requests: Recorded[]; settle(): Promise<void> } {
  const requests: Recorded[] = [];
  const pending: Promise<void>[] = [];
  context.on("request", (req) => {
    pending.push(
      req
        .allHeaders()
        .catch(() => req.headers())
        .then((headers) => void requests.push({ url: req.url(), headers, body: req.postDataBuffer() })),
    );
  });
  return { requests, settle: () => Promise.all(pending).then(() => undefined) };
}

function walk(dir: string, root = dir): Array<{ abs: string; rel: string }> {
  const out: Array<{ abs: string; rel: string }> = [];
  for (const name of readdirSync(dir)) {
    const abs = join(dir, name);
    if (statSync(abs).isDirectory()) out.push(...walk(abs, root));
    else out.push({ abs, rel: relative(root, abs) });
  }
  return out;
}

/** What must never leave the device: names, relative paths (as picked: "corpus/…") and content samples. */
function secretsOf(corpus: CorpusManifest) {
  const files = walk(corpus.dir);
  // Short generic names (".keep", "lock") could match unrelated text by chance; every name of
  // 6 characters or more is checked, and every full path.
  const names = [...new Set(files.map((f) => f.rel.split("/").pop()!).filter((n) => n.length >= 6))];
  const paths = files.map((f) => `corpus/${f.rel}`);
  const folders = [...new Set(files.map((f) => f.rel.split("/").slice(0, -1).join("/")).filter((d) => d.includes("/")))];
  // 16 bytes from the middle of every file of 64 bytes or more: raw, hex and base64.
  const samples = files
    .map((f) => readFileSync(f.abs))
    .filter((b) => b.length >= 64)
    .map((b) => b.subarray(Math.floor(b.length / 2), Math.floor(b.length / 2) + 16));
  return { files, names, paths, folders, samples };
}

async function signedInUser(request: APIRequestContext, name?: string) {
  return registerViaApi(request, newAccount(name ? { name } : {}));
}

async function scanFolder(page: Page, dir: string) {
  await page.goto("/home");
  await page.getByRole("button", { name: "Real data scan" }).click();
  await page.getByLabel("Or choose a folder manually (works in every browser)").setInputFiles(dir);
  await expect(page.getByText("Scan Complete", { exact: true })).toBeVisible({ timeout: 60_000 });
}

let corpus: CorpusManifest;
test.beforeAll(() => {
  corpus = makeCorpus(150, 12, "3M");
});

test("a full scan sends no file name, path or content byte; Settings shows exactly what left", async ({ page, context }) => {
  test.setTimeout(120_000);
  const user = await signedInUser(page.request);
  await page.addInitScript(() => localStorage.setItem("tourCompleted", "true"));
  const recorder = recordRequests(context);

  await scanFolder(page, corpus.dir);
  // The aggregate reached the server…
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/digital-data/${user.id}`)).json()) as { summary: { totalFiles: number } | null }).summary
          ?.totalFiles,
    )
    .toBe(corpus.totals.files);
  await page.goto("/settings");
  await expect(page.getByRole("heading", { name: "What left this device" })).toBeVisible();
  await recorder.settle();

  // …and nothing that names or contains a file did.
  const { files, names, paths, folders, samples } = secretsOf(corpus);
  expect(files.length).toBe(corpus.totals.files);
  expect(names.length).toBeGreaterThan(50);
  expect(samples.length).toBeGreaterThan(50);
  const posted = recorder.requests.filter((r) => r.body !== null);
  expect(posted.some((r) => new URL(r.url).pathname === "/api/real-data/scan")).toBe(true);
  // Plain checks collected into one assertion: a single expect per probe would be hundreds of thousands.
  const leaks: string[] = [];
  for (const r of recorder.requests) {
    const url = decodeURIComponent(r.url);
    const headers = JSON.stringify(r.headers);
    const body = r.body ?? Buffer.alloc(0);
    const text = body.toString("utf8");
    for (const s of [...names, ...paths, ...folders]) {
      if (url.includes(s)) leaks.push(`${s} in URL ${r.url}`);
      if (headers.includes(s)) leaks.push(`${s} in the headers of ${r.url}`);
      if (text.includes(s)) leaks.push(`${s} in the body of ${r.url}`);
    }
    for (const sample of samples) {
      if (body.includes(sample)) leaks.push(`content bytes in the body of ${r.url}`);
      for (const encoded of [sample.toString("hex"), sample.toString("base64")]) {
        if (text.includes(encoded) || url.includes(encoded) || headers.includes(encoded)) leaks.push(`encoded content bytes in ${r.url}`);
      }
    }
  }
  expect(recorder.requests.length).toBeGreaterThan(10);
  expect(leaks).toEqual([]);

  // The panel lists the scan's payload: aggregates only, exactly as sent.
  const scanEntry = page.getByTestId("sent-entry").filter({ hasText: "/api/real-data/scan" });
  await expect(scanEntry).toHaveCount(1);
  await expect(scanEntry).toContainText("POST");
  await expect(scanEntry).toContainText("answered 200");
  const shown = JSON.parse((await scanEntry.getByLabel("Data sent by POST /api/real-data/scan").textContent()) ?? "null") as {
    userId: number;
    summary: { totalFiles: number; duplicateFiles: number };
  };
  const sentBody = posted.find((r) => new URL(r.url).pathname === "/api/real-data/scan")!.body!.toString("utf8");
  expect(shown).toEqual(JSON.parse(sentBody));
  expect(shown.userId).toBe(user.id);
  expect(shown.summary.totalFiles).toBe(corpus.totals.files);
  expect(shown.summary.duplicateFiles).toBe(corpus.totals.dupFiles - corpus.totals.dupGroups);
  await expectAccessible(page);

  // Kept only here: clearing empties it, and nothing about it was ever sent.
  await page.getByRole("button", { name: "Clear this list" }).click();
  await expect(page.getByTestId("sent-log-empty")).toBeVisible();
  await recorder.settle();
  expect(
    recorder.requests.some(
      (r) => (r.body?.toString("utf8") ?? "").includes("sent-entry") || (r.body?.toString("utf8") ?? "").includes("cleanspace.sentLog"),
    ),
  ).toBe(false);
});

test("a password typed in the app is never shown in the panel", async ({ page }) => {
  const account = newAccount();
  await page.goto("/register");
  await page.getByLabel("Full Name").fill(account.name);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByLabel("Confirm Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/showcase$/);
  await page.goto("/settings");
  const entry = page.getByTestId("sent-entry").filter({ hasText: "/api/users" });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText(`"email": "${account.email}"`);
  await expect(entry).toContainText('"password": "•••• (not shown)"');
  await expect(page.getByText(account.password)).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem("cleanspace.sentLog"))).not.toContain(account.password);
  await expect(page.getByText(/Passwords \(and one-time password-reset tokens\) are never kept here/)).toBeVisible();
});

const XSS = "<img src=x onerror=window.__xss=1>";

test("stored text with HTML in it renders as text, never as markup", async ({ page, baseURL }) => {
  const user = await signedInUser(page.request, XSS);
  await page.addInitScript(() => localStorage.setItem("tourCompleted", "true"));
  const xssFlag = () => page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss);

  // The name on the dashboard greeting and the Settings profile card.
  await page.goto("/home");
  await expect(page.getByRole("heading", { name: `Good morning, ${XSS}` })).toBeVisible();
  await page.goto("/settings");
  await expect(page.getByTestId("profile-name")).toHaveText(XSS);
  expect(await page.locator("img[src='x']").count()).toBe(0);
  expect(await xssFlag()).toBeUndefined();

  // Edited through the app, it shows in the panel as the JSON text that was sent.
  await page.getByRole("button", { name: "Edit" }).click();
  await page.getByLabel("Name").fill(`${XSS} 2`);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("profile-name")).toHaveText(`${XSS} 2`);
  const entry = page.getByTestId("sent-entry").filter({ hasText: `/api/users/${user.id}` });
  await expect(entry).toContainText(`"name": "${XSS} 2"`);
  await expectAccessible(page);

  // A filter preset's name (Pro): saved through the API, listed in Organize as text.
  await confirmEmailViaOutbox(page.request, baseURL!);
  const trial = await page.request.post("/api/create-subscription", {
    data: { userId: user.id, planType: "monthly" },
    headers: { origin: baseURL! },
  });
  expect(trial.status()).toBe(200);
  const preset = await page.request.post("/api/filter-presets", {
    data: { name: XSS, category: "files", criteria: [{ name: "size", type: "size", operator: "greater_than", value: 1, enabled: true }] },
    headers: { origin: baseURL! },
  });
  expect(preset.status(), await preset.text()).toBe(201);
  await page.goto("/organize?tab=files");
  await page.evaluate(async () => {
    const open = indexedDB.open("cleanspace-scan", 1);
    open.onupgradeneeded = () => {
      open.result.createObjectStore("items", { keyPath: "id" }).createIndex("category", "category");
      open.result.createObjectStore("meta");
    };
    const db: IDBDatabase = await new Promise((resolve, reject) => {
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const tx = db.transaction(["items", "meta"], "readwrite");
    const now = new Date().toISOString();
    tx.objectStore("items").put({
      id: 1,
      path: "a/notes.txt",
      name: "notes.txt",
      size: 10,
      type: "text/plain",
      category: "document",
      modified: Date.now(),
      isLarge: false,
      isOld: false,
      duplicateGroup: null,
      isOriginal: false,
    });
    const categories = Object.fromEntries(
      ["photo", "video", "audio", "document", "archive", "application", "other"].map((c) => [
        c,
        { count: c === "document" ? 1 : 0, bytes: c === "document" ? 10 : 0 },
      ]),
    );
    tx.objectStore("meta").put(
      {
        summary: {
          schemaVersion: 1,
          categories,
          totalFiles: 1,
          totalBytes: 10,
          duplicateGroups: 0,
          duplicateFiles: 0,
          duplicateBytes: 0,
          largeFiles: 0,
          largeBytes: 0,
          oldFiles: 0,
          oldBytes: 0,
          emptyFiles: 0,
          skipped: 0,
          photosCount: 0,
          photosDuplicates: 0,
          appsCount: 0,
          appsUnused: 0,
          emailCount: 0,
          emailUnread: 0,
          metadataOnly: false,
          scannedAt: now,
        },
        scannedAt: now,
        duplicates: [],
      },
      "latest",
    );
    await new Promise((resolve, reject) => {
      tx.oncomplete = resolve;
      tx.onerror = () => reject(tx.error);
    });
    db.close();
  });
  await page.reload();
  await page.getByRole("button", { name: "Advanced filter" }).click();
  await expect(page.getByRole("group", { name: "Quick presets" }).getByRole("button", { name: XSS, exact: true })).toBeVisible();
  expect(await page.locator("img[src='x']").count()).toBe(0);
  expect(await xssFlag()).toBeUndefined();
  await expectAccessible(page);
});
