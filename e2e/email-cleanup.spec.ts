/**
 * E-mail cleanup, end to end (issue 21), against a real Dovecot started here: connect a
 * mailbox over TLS, see its senders, unsubscribe one (a one-click POST to a local endpoint),
 * trash a sender's mail, undo, trash again, and see the dashboard's e-mail card follow.
 * The server trusts the test CA through IMAP_CA_FILE (playwright.config.ts), read when used.
 */
import { copyFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { APIRequestContext } from "@playwright/test";
import { planMailbox, startDovecot, type Dovecot, type PlannedMessage } from "../scripts/test-support/dovecot.mjs";
import { expect, expectAccessible, test } from "./fixtures";
import { startCardFreeTrial } from "./support/auth";
import { takeExpectedConsoleErrors } from "./support/console";

const CA_PATH = join(tmpdir(), `cleanspace-e2e-imap-ca-${process.env.E2E_PORT ?? 5100}.pem`);
let dovecot: Dovecot;
let endpoint: Server;
const unsubscribed: string[] = [];
let plan: PlannedMessage[];

test.beforeAll(async () => {
  endpoint = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      unsubscribed.push(`${req.method} ${req.url}`);
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => endpoint.listen(0, "127.0.0.1", r));
  const port = (endpoint.address() as { port: number }).port;
  plan = planMailbox({ messages: 1200, senders: 30, largeEvery: 500, unsubscribeBase: `http://127.0.0.1:${port}` });
  dovecot = await startDovecot({ users: [{ name: "erin", password: "erin-app-password", messages: plan }] });
  copyFileSync(dovecot.caFile, CA_PATH);
});

test.afterAll(async () => {
  await dovecot?.stop();
  endpoint?.close();
});

async function proUser(request: APIRequestContext, baseURL: string) {
  const email = `mail.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`;
  const res = await request.post("/api/users", {
    data: { name: "Erin", email, password: "correct horse battery" },
    headers: { origin: baseURL },
  });
  expect(res.status()).toBe(201);
  const { id } = (await res.json()) as { id: number };
  await startCardFreeTrial(request, id, baseURL);
}

const countOf = (address: string) => plan.filter((m) => m.address === address).length;

test("connect a mailbox, unsubscribe, trash a sender with undo, and the dashboard counts follow", async ({
  page,
  baseURL,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  await proUser(page.request, baseURL!);
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
