/**
 * E-mail cleanup, end to end (issue 21), against a real Dovecot started here: connect a
 * mailbox over TLS, see its senders, unsubscribe one (a one-click POST to a local endpoint),
 * trash a sender's mail, undo, trash again, and see the dashboard's e-mail card follow.
 * The server trusts the test CA through IMAP_CA_FILE (playwright.config.ts), read when used.
 */
import { copyFileSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:https";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort, planMailbox, startDovecot, type Dovecot, type PlannedMessage } from "../scripts/test-support/dovecot.mjs";
import { expect, expectAccessible, test } from "./fixtures";
import { takeExpectedConsoleErrors } from "./support/console";

const CA_PATH = join(tmpdir(), `cleanspace-e2e-imap-ca-${process.env.E2E_PORT ?? 5100}.pem`);
let dovecot: Dovecot;
let endpoint: Server;
const unsubscribed: string[] = [];
let plan: PlannedMessage[];
/** A mailbox with 2,000 senders: every one must be reachable (issue 21 review). */
let bulk: PlannedMessage[];
const BULK_SENDERS = 2000;
const BULK_MESSAGES = 4000;

/** Issue 40: a mailbox with mail in several folders, one sender in two of them, awkward From headers. */
const mail = (from: string, address: string, subject: string, days = 3): PlannedMessage => ({
  sender: 0,
  from,
  address,
  subject,
  date: new Date(Date.now() - days * 86_400_000),
  seen: false,
  large: false,
  listUnsubscribe: null,
  oneClick: false,
});
const franInbox: PlannedMessage[] = [
  ...[1, 2, 3].map((i) => mail("Okafor, Chidi <chidi.okafor@clinic.example>", "chidi.okafor@clinic.example", `Results ${i}`)),
  mail('"Chidi Okafor" <chidi.okafor@clinic.example>', "chidi.okafor@clinic.example", "Results 4"),
  mail("MAILER DAEMON <>", "", "Undelivered Mail Returned to Sender"),
  mail('"Both" <both@folders.example>', "both@folders.example", "Both, inbox"),
  mail('"Epoch" <epoch@old.example>', "epoch@old.example", "Received on 1970-01-01", -1),
];
franInbox.at(-1)!.date = new Date(0);
const franFolders: Record<string, PlannedMessage[]> = {
  Archive: [
    mail('"Both" <both@folders.example>', "both@folders.example", "Both, archive 1"),
    mail('"Both" <both@folders.example>', "both@folders.example", "Both, archive 2"),
    mail('"Archivist" <only@archive.example>', "only@archive.example", "Only archived"),
  ],
  "Newsletters/Weekly": [1, 2].map((i) => mail('"Weekly" <weekly@nested.example>', "weekly@nested.example", `Weekly ${i}`)),
  Junk: [1, 2, 3].map((i) => mail('"Spammer" <spam@junk.example>', "spam@junk.example", `Win ${i}`)),
};

test.beforeAll(async () => {
  // RFC 8058 one-click needs https: the endpoint serves the certificate the server trusts (the Dovecot harness's test CA).
  const port = await freePort();
  plan = planMailbox({ messages: 1200, senders: 30, largeEvery: 500, unsubscribeBase: `https://127.0.0.1:${port}` });
  bulk = planMailbox({ messages: BULK_MESSAGES, senders: BULK_SENDERS, largeEvery: 1000, seed: 11 });
  dovecot = await startDovecot({
    users: [
      { name: "erin", password: "erin-app-password", messages: plan },
      { name: "bulk", password: "bulk-app-password", messages: bulk },
      { name: "fran", password: "fran-app-password", messages: franInbox, folders: franFolders },
    ],
  });
  copyFileSync(dovecot.caFile, CA_PATH);
  endpoint = createServer({ key: readFileSync(join(dovecot.dir, "key.pem")), cert: readFileSync(dovecot.caFile) }, (req, res) => {
    req.resume();
    req.on("end", () => {
      unsubscribed.push(`${req.method} ${req.url}`);
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => endpoint.listen(port, "127.0.0.1", r));
});

test.afterAll(async () => {
  await dovecot?.stop();
  endpoint?.close();
});

const countOf = (address: string) => plan.filter((m) => m.address === address).length;

test("connect a mailbox, unsubscribe, trash a sender with undo, and the dashboard counts follow", async ({
  page,
  signUp,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  await signUp({ name: "Erin", pro: true });
  await page.goto("/organize?tab=email");
  await expect(page.getByRole("heading", { name: "No mailbox connected" })).toBeVisible();
  await page.getByLabel("Provider").selectOption("custom");
  await page.getByLabel("IMAP server").fill("127.0.0.1");
  await page.getByLabel("Port (TLS)").fill(String(dovecot.port));
  await page.getByLabel("E-mail address or user name").fill("erin");
  await page.getByLabel("App password").fill("wrong-password");
  await page.getByRole("button", { name: "Connect securely" }).click();
  await expect(page.getByTestId("connect-error")).toContainText("refused the user name or password");
  expect(takeExpectedConsoleErrors(consoleErrors, /status of 422 \(Unprocessable Entity\)/)).toHaveLength(1);
  await page.getByLabel("App password").fill("erin-app-password");
  await page.getByRole("button", { name: "Connect securely" }).click();

  const senders = page.getByRole("list", { name: "Senders" });
  // The listing streams in with progress; on a loaded CI machine it can take a while.
  await expect(page.getByTestId("mail-totals")).toContainText("1,200 messages", { timeout: 30_000 });
  await expect(page.getByRole("progressbar", { name: "Listing messages" })).toHaveCount(0);
  const sender0 = "sender0@shop.example";
  const sender1 = "sender1@news.example";
  await expect(senders.locator(`[data-sender="${sender0}"]`).getByTestId("sender-count")).toHaveText(String(countOf(sender0)));
  await expectAccessible(page);

  // One-click unsubscribe (RFC 8058): our server POSTs to the sender's endpoint.
  await page.getByRole("button", { name: `Unsubscribe from Sender 0 <${sender0}>` }).click();
  await expect(page.getByText("Sender 0 confirmed the one-click unsubscribe.", { exact: true })).toBeVisible();
  expect(unsubscribed).toEqual(["POST /u/0"]);

  // Trash everything from sender 1, then undo within the banner's 10 s.
  const n1 = countOf(sender1);
  await page.getByRole("button", { name: `Move all mail from Sender 1 <${sender1}> to Trash` }).click();
  await expect(page.getByText(`Action completed on ${n1} items`)).toBeVisible();
  await expect(senders.locator(`[data-sender="${sender1}"]`)).toHaveCount(0);
  await expect(page.getByTestId("mail-totals")).toContainText(`${(1200 - n1).toLocaleString("en-US")} messages`);
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(senders.locator(`[data-sender="${sender1}"]`).getByTestId("sender-count")).toHaveText(String(n1));
  await expect(page.getByTestId("mail-totals")).toContainText("1,200 messages");

  // Trash it for good, and the dashboard's e-mail card shows the new count.
  await page.getByRole("button", { name: `Move all mail from Sender 1 <${sender1}> to Trash` }).click();
  await expect(senders.locator(`[data-sender="${sender1}"]`)).toHaveCount(0);
  await page.goto("/home");
  const card = page.getByRole("button", { name: new RegExp(`^Email: ${(1200 - n1).toLocaleString("en-US")} items`) });
  await expect(card).toBeVisible();
  await expectAccessible(page);
});

test("2,000 senders: all reachable by scrolling and search, sorts, large and old views, quick-select and the e-mail presets", async ({
  page,
  signUp,
}) => {
  test.setTimeout(120_000);
  await signUp({ name: "Erin", pro: true });
  await page.goto("/organize?tab=email");
  await page.getByLabel("Provider").selectOption("custom");
  await page.getByLabel("IMAP server").fill("127.0.0.1");
  await page.getByLabel("Port (TLS)").fill(String(dovecot.port));
  await page.getByLabel("E-mail address or user name").fill("bulk");
  await page.getByLabel("App password").fill("bulk-app-password");
  await page.getByRole("button", { name: "Connect securely" }).click();
  await expect(page.getByTestId("mail-totals")).toContainText("4,000 messages", { timeout: 60_000 });
  await expect(page.getByTestId("mail-shown")).toHaveText(/^2,000 senders · 4,000 messages/);

  // The list is windowed: a few dozen rows in the page, yet the last sender is a scroll away.
  const senders = page.getByRole("list", { name: "Senders" });
  expect(await senders.getByTestId("sender-row").count()).toBeLessThan(60);
  await page.getByLabel("Sort").selectOption("name");
  const byName = [...new Set(bulk.map((m) => m.address))].sort((a, b) =>
    `Sender ${a.slice(6, a.indexOf("@"))}`.localeCompare(`Sender ${b.slice(6, b.indexOf("@"))}`, "en", { sensitivity: "base" }),
  );
  await expect(senders.getByTestId("sender-row").first()).toHaveAttribute("data-sender", byName[0]!);
  // The list scrolls with the page (one scrolling area per screen).
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(senders.locator(`[data-sender="${byName.at(-1)}"]`)).toBeVisible();
  await expect(senders.getByRole("listitem").last()).toHaveAttribute("aria-posinset", "2000");

  // Search finds any one of them.
  const far = bulk.find((m) => m.sender === 1777)!.address;
  await page.getByRole("searchbox", { name: "Search senders" }).fill(far.toUpperCase());
  await expect(page.getByTestId("mail-shown")).toHaveText(/^1 sender · /);
  await expect(senders.locator(`[data-sender="${far}"]`)).toBeVisible();
  // Spaces alone hide nothing; a search that matches nothing says so and offers the way back.
  await page.getByRole("searchbox", { name: "Search senders" }).fill("   ");
  await expect(page.getByTestId("mail-shown")).toHaveText(/^2,000 senders/);
  await page.getByRole("searchbox", { name: "Search senders" }).fill("no-such-sender");
  await expect(page.getByText("Nothing matches.")).toBeVisible();
  await page.getByRole("button", { name: "Clear search" }).click();
  await expect(page.getByRole("searchbox", { name: "Search senders" })).toHaveValue("");
  await expect(page.getByTestId("mail-shown")).toHaveText(/^2,000 senders/);

  // Quick-select (spec: unread, old) acts on every message in view, not on the rows drawn.
  const unread = bulk.filter((m) => !m.seen).length;
  await page.getByRole("group", { name: "Quick select" }).getByRole("button", { name: "Unread" }).click();
  await expect(page.getByTestId("mail-selection")).toContainText(`${unread.toLocaleString("en-US")} selected`);
  // The selection's actions stay in reach while the long list scrolls (issue 38).
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
  await expect(page.getByRole("region", { name: "Selection actions" })).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole("region", { name: "Selection actions" }).getByRole("button", { name: "Move to Trash" })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole("button", { name: "Clear" }).click();

  // The e-mail presets, through the advanced filter: Unread keeps only the unread messages.
  await page.getByRole("button", { name: "Advanced filter" }).click();
  await page.getByRole("button", { name: "Unread", exact: true }).first().click();
  await expect(page.getByTestId("mail-shown")).toContainText(` · ${unread.toLocaleString("en-US")} messages`);
  await page.getByRole("button", { name: "Advanced filter" }).click();

  // Large and old messages, windowed and sorted.
  await page.getByRole("group", { name: "View" }).getByRole("button", { name: "Large" }).click();
  await expect(page.getByTestId("mail-shown")).toHaveText(/^4 messages/);
  await expect(page.getByRole("list", { name: "Large messages" }).getByTestId("message-row")).toHaveCount(4);
  await page.getByRole("group", { name: "View" }).getByRole("button", { name: "Old" }).click();
  const oldRows = page.getByRole("list", { name: "Old messages" }).getByTestId("message-row");
  await expect(oldRows.first()).toBeVisible();
  const oldest = [...bulk].sort((a, b) => a.date.getTime() - b.date.getTime())[0]!;
  await expect(oldRows.first()).toContainText(oldest.subject);
  await expectAccessible(page);
});

test("every folder: chosen folders are listed, senders grouped across them, the From header read right, an action in one folder leaves the others alone (360 px)", async ({
  page,
  signUp,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 360, height: 780 });
  await signUp({ name: "Fran", pro: true });
  await page.goto("/organize?tab=email");
  await page.getByLabel("Provider").selectOption("custom");
  await page.getByLabel("IMAP server").fill("127.0.0.1");
  await page.getByLabel("Port (TLS)").fill(String(dovecot.port));
  await page.getByLabel("E-mail address or user name").fill("fran");
  await page.getByLabel("App password").fill("fran-app-password");
  await page.getByRole("button", { name: "Connect securely" }).click();

  // By default INBOX and the user's own folders; not Junk (nor Trash or Sent).
  const inDefault = franInbox.length + 3 + 2;
  await expect(page.getByTestId("mail-totals")).toContainText(`${inDefault} messages`, { timeout: 30_000 });
  await expect(page.getByTestId("mail-folders")).toHaveText("Inbox, Archive, Newsletters / Weekly");
  const senders = page.getByRole("list", { name: "Senders" });
  await expect(senders.locator('[data-sender="both@folders.example"]').getByTestId("sender-count")).toHaveText("3");
  await expect(senders.locator('[data-sender="only@archive.example"]')).toBeVisible();
  await expect(senders.locator('[data-sender="weekly@nested.example"]').getByTestId("sender-count")).toHaveText("2");
  await expect(senders.locator('[data-sender="spam@junk.example"]')).toHaveCount(0);
  // The raw From header: one sender with all four, the name as written; no invented address.
  await expect(senders.locator('[data-sender="chidi.okafor@clinic.example"]').getByTestId("sender-count")).toHaveText("4");
  await expect(senders.locator('[data-sender="name:MAILER DAEMON"]')).toContainText("MAILER DAEMON");
  await expect(page.getByText(/missing_domain|missing_mailbox/i)).toHaveCount(0);

  // The Old view has the message received on 1970-01-01.
  await page.getByRole("group", { name: "View" }).getByRole("button", { name: "Old" }).click();
  await expect(page.getByRole("list", { name: "Old messages" }).getByTestId("message-row").first()).toContainText("Received on 1970-01-01");
  await page.getByRole("group", { name: "View" }).getByRole("button", { name: "Senders" }).click();

  // The folder chooser: every folder with its counts, accessible, and usable at 360 px.
  const chooser = page.getByTestId("folder-chooser");
  await chooser.getByText("Folders: 3 of 6 listed").click();
  const group = chooser.getByRole("group", { name: "Folders to list" });
  await expect(group.getByRole("checkbox", { name: /^Junk/ })).not.toBeChecked();
  await expect(group.getByRole("checkbox", { name: /^Inbox/ })).toBeChecked();
  await expect(group.locator("label", { hasText: "Junk" })).toContainText("3 messages · 3 unread");
  await expectAccessible(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // Only Archive: trash "Both" there; its INBOX message stays.
  for (const name of [/^Inbox/, /^Newsletters/]) await group.getByRole("checkbox", { name }).uncheck();
  await chooser.getByRole("button", { name: "List these folders" }).click();
  await expect(page.getByTestId("mail-folders")).toHaveText("Archive");
  await expect(page.getByTestId("mail-totals")).toContainText("3 messages");
  await expect(senders.locator('[data-sender="both@folders.example"]').getByTestId("sender-count")).toHaveText("2");
  await page.getByRole("button", { name: "Move all mail from Both <both@folders.example> to Trash" }).click();
  await expect(page.getByText("Action completed on 2 items")).toBeVisible();
  await expect(senders.locator('[data-sender="both@folders.example"]')).toHaveCount(0);

  // Back to the default folders plus Junk: Both keeps its INBOX message, the spammer appears.
  await chooser.getByText(/^Folders: 1 of 6 listed/).click();
  for (const name of [/^Inbox/, /^Newsletters/, /^Junk/]) await group.getByRole("checkbox", { name }).check();
  await chooser.getByRole("button", { name: "List these folders" }).click();
  await expect(page.getByTestId("mail-folders")).toHaveText("Inbox, Archive, Junk, Newsletters / Weekly");
  await expect(senders.locator('[data-sender="both@folders.example"]').getByTestId("sender-count")).toHaveText("1");
  await expect(senders.locator('[data-sender="spam@junk.example"]').getByTestId("sender-count")).toHaveText("3");
  await expect(page.getByTestId("mail-totals")).toContainText(`${inDefault - 2 + 3} messages`);
});
