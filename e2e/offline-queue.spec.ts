/**
 * The offline action queue, end to end (issue 11 "Installable and offline", issue 12
 * "Offline queue" fault): offline, the app shell still loads, a real cleanup action in
 * Organize is kept on the device and shown as waiting — not as a server success — and once
 * the connection returns it reaches the server exactly once. Going offline in the middle of
 * a batch and back loses nothing and doubles nothing.
 */
import type { APIRequestContext, Page, Request } from "@playwright/test";
import { registerViaApi, startCardFreeTrial } from "./support/auth";
import { rememberOpfsRoot, writeOpfsFiles } from "./support/opfs-folder";
import { expect, expectAccessible, test } from "./fixtures";

// These journeys are about the service worker, which the config blocks elsewhere.
test.use({ serviceWorkers: "allow" });

async function goalCompleted(request: APIRequestContext, userId: number): Promise<number> {
  return ((await (await request.get(`/api/digital-data/${userId}`)).json()) as { goal: { completed: number } }).goal.completed;
}

/**
 * A small scanned folder on the device: `n` real files in the origin-private folder (a
 * writable FileSystemDirectoryHandle, remembered as the scanned folder) and the scan index
 * a scan of it leaves behind, so Organize can move them to the CleanSpace trash.
 */
async function seedScanIndex(page: Page, files: number) {
  await writeOpfsFiles(
    page,
    Array.from({ length: files }, (_, k) => ({ path: `notes/file-${k + 1}.txt`, size: 100 * (k + 1), fill: k + 1 })),
  );
  await page.evaluate(async (n) => {
    const notes = await (await navigator.storage.getDirectory()).getDirectoryHandle("notes");
    const items: Record<string, unknown>[] = [];
    for (let i = 1; i <= n; i++) {
      const file = await (await notes.getFileHandle(`file-${i}.txt`)).getFile();
      items.push({
        id: i,
        path: `notes/file-${i}.txt`,
        name: `file-${i}.txt`,
        size: file.size,
        type: "text/plain",
        category: "document",
        modified: file.lastModified,
        isLarge: false,
        isOld: false,
        duplicateGroup: null,
        isOriginal: false,
      });
    }
    const put = (
      name: string,
      version: number,
      upgrade: (db: IDBDatabase) => void,
      write: (tx: IDBTransaction) => void,
      stores: string[],
    ) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open(name, version);
        open.onupgradeneeded = () => upgrade(open.result);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction(stores, "readwrite");
          write(tx);
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      });
    const now = Date.now();
    const categories = Object.fromEntries(
      ["photo", "video", "audio", "document", "archive", "application", "other"].map((c) => [c, { count: 0, bytes: 0 }]),
    );
    const bytes = (100 * n * (n + 1)) / 2;
    categories.document = { count: n, bytes };
    const summary = {
      schemaVersion: 1,
      categories,
      totalFiles: n,
      totalBytes: bytes,
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
      scannedAt: new Date(now).toISOString(),
    };
    await put(
      "cleanspace-scan",
      1,
      (db) => {
        db.createObjectStore("items", { keyPath: "id" }).createIndex("category", "category");
        db.createObjectStore("meta");
      },
      (tx) => {
        for (const item of items) tx.objectStore("items").put(item);
        tx.objectStore("meta").put({ summary, scannedAt: summary.scannedAt, duplicates: [] }, "latest");
      },
      ["items", "meta"],
    );
  }, files);
  await rememberOpfsRoot(page);
}

/** A signed-in Pro user on Organize's Files tab with `files` scanned files and batch mode on. */
async function openOrganize(page: Page, baseURL: string, files: number) {
  const user = await registerViaApi(page.request);
  await startCardFreeTrial(page.request, user.id, baseURL);
  await page.addInitScript(() => localStorage.setItem("tourCompleted", "true"));
  await page.goto("/organize?tab=files");
  await seedScanIndex(page, files);
  return user;
}

/**
 * One cleanup action: move a file to the CleanSpace trash (a review is no cleanup, issue 16).
 * The undo banner shows the action ran.
 */
async function trashOne(page: Page, name: string) {
  await page.getByRole("checkbox", { name: `Select ${name}` }).click();
  await expect(page.getByTestId("selection-summary")).toHaveText(/^1 selected/);
  await page.getByRole("button", { name: "Move to CleanSpace Trash" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Move 1 file" }).click();
  await expect(page.getByText("Action completed on 1 item")).toBeVisible();
  await expect(page.getByTestId("selection-summary")).toHaveText(/^0 selected/);
}

/** The floating sync indicator every screen carries. */
const syncPill = (page: Page) => page.getByTestId("sync-status").first();

function cleanupPosts(page: Page): Array<{ actionId: string; clientId: string }> {
  const posts: Array<{ actionId: string; clientId: string }> = [];
  page.on("request", (req: Request) => {
    if (req.method() === "POST" && new URL(req.url()).pathname === "/api/cleanup-events") {
      posts.push(req.postDataJSON() as { actionId: string; clientId: string });
    }
  });
  return posts;
}

test("offline, the shell loads, a cleanup waits on the device, and reaches the server once when back online", async ({
  page,
  context,
  baseURL,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  const user = await openOrganize(page, baseURL!, 3);
  const posts = cleanupPosts(page);

  // A service worker controls the page, so the shell comes from it offline.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await expect(page.getByRole("heading", { name: "3 files" })).toBeVisible();
  await page.getByRole("button", { name: "Batch operations" }).click();

  await context.setOffline(true);
  await expect(syncPill(page)).toHaveText("Offline");
  await trashOne(page, "file-1.txt");
  // Honest: the notice says it is waiting on the device, not that the server has it.
  const notices = page.getByRole("region", { name: /^Notifications/ });
  await expect(notices.getByText("Saved on this device", { exact: true })).toBeVisible();
  await expect(
    notices.getByText(/^You're offline\. This cleanup is waiting on this device and counts toward your goal once it syncs\./),
  ).toBeVisible();
  await expect(syncPill(page)).toHaveText("Offline — 1 change waiting");
  await expectAccessible(page);
  expect(posts).toHaveLength(0);
  expect(await goalCompleted(page.request, user.id)).toBe(0);

  // Still offline: a reload comes from the service worker, and the action is still there.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Organize", level: 1 })).toBeVisible();
  await expect(syncPill(page)).toHaveText("Offline — 1 change waiting");
  expect(await page.evaluate(() => navigator.onLine)).toBe(false);

  await context.setOffline(false);
  await expect(notices.getByText("1 change saved on this device reached your account.", { exact: true })).toBeVisible();
  await expect.poll(() => goalCompleted(page.request, user.id)).toBe(1);
  await expect(syncPill(page)).toHaveText("");
  expect(posts).toHaveLength(1);

  // Nothing is left to send: neither another 'online' event nor a fresh page sends it again.
  await page.goto("/settings");
  await expect(page.getByTestId("sync-online")).toHaveText("Online");
  await expect(page.getByTestId("sync-pending")).toHaveText("0");
  await expect(page.getByTestId("sync-last")).not.toHaveText("Not in this visit");
  const sent = page.getByTestId("sent-entry").filter({ hasText: "/api/cleanup-events" });
  await expect(sent).toHaveCount(1);
  await expect(sent).toContainText("sent by the offline queue");
  await expect(sent).toContainText('"action": "trash"');
  await expectAccessible(page);
  await context.setOffline(true);
  await context.setOffline(false);
  // Whatever the 'online' event made the queue send has been answered once the network is idle.
  await page.waitForLoadState("networkidle");
  expect(posts).toHaveLength(1);
  expect(await goalCompleted(page.request, user.id)).toBe(1);

  // An offline reload's failed API reads are expected here, and only here.
  const offline = consoleErrors.filter((e) => /ERR_INTERNET_DISCONNECTED|Failed to fetch/.test(e));
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !offline.includes(e)));
});

test.describe("going offline mid-batch", () => {
  // page.route sees every request only when no service worker sits in between.
  test.use({ serviceWorkers: "block" });

  test("each action reaches the server exactly once, even the one whose answer was lost", async ({
    page,
    context,
    baseURL,
    consoleErrors,
  }) => {
    test.setTimeout(90_000);
    const user = await openOrganize(page, baseURL!, 4);
    const posts = cleanupPosts(page);
    await page.reload();
    await expect(page.getByRole("heading", { name: "4 files" })).toBeVisible();
    await page.getByRole("button", { name: "Batch operations" }).click();

    await context.setOffline(true);
    for (const name of ["file-1.txt", "file-2.txt", "file-3.txt"]) await trashOne(page, name);
    await expect(syncPill(page)).toHaveText("Offline — 3 changes waiting");

    // The second request reaches the server, then the connection drops before its answer.
    let seen = 0;
    await page.route("**/api/cleanup-events", async (route) => {
      seen += 1;
      if (seen !== 2) return route.continue();
      const answer = await route.fetch();
      expect(answer.status()).toBe(200);
      await context.setOffline(true);
      await route.abort("internetdisconnected");
    });
    await context.setOffline(false);
    await expect(syncPill(page)).toHaveText("Offline — 2 changes waiting");
    expect(await goalCompleted(page.request, user.id)).toBe(2);
    expect(posts).toHaveLength(2);

    await context.setOffline(false);
    await expect(syncPill(page)).toHaveText("");
    await expect.poll(() => goalCompleted(page.request, user.id)).toBe(3);
    // The lost one was sent again under the same action id; the server applied it once.
    expect(posts.map((p) => p.actionId)).toEqual([posts[0]!.actionId, posts[1]!.actionId, posts[1]!.actionId, posts[3]!.actionId]);
    expect(new Set(posts.map((p) => p.clientId)).size).toBe(3);

    // A fourth action while online goes at once, and is shown as done.
    await trashOne(page, "file-4.txt");
    await expect.poll(() => goalCompleted(page.request, user.id)).toBe(4);
    await expect(page.getByRole("region", { name: /^Notifications/ }).getByText("Saved on this device", { exact: true })).toHaveCount(0);
    await page.waitForLoadState("networkidle");
    expect(posts).toHaveLength(5);
    expect(await goalCompleted(page.request, user.id)).toBe(4);

    // The request this test cut off is logged by the browser as failed; that one is expected.
    const cut = consoleErrors.filter((e) => /ERR_INTERNET_DISCONNECTED/.test(e));
    consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !cut.includes(e)));
  });
});
