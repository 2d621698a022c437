import { createServer } from "node:net";
import { eq, sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterEach, describe, expect, it } from "vitest";
import { mailOutbox } from "../db/schema";
import { uniqueEmail } from "../test/auth-helpers";
import { createTestApp, SAME_ORIGIN, type TestApp } from "../test/test-app";
import { createMailer, MAX_ATTEMPTS, retryDueAfterSeconds } from "./mail";

interface Received {
  to: string[];
  body: string;
}

/** A real SMTP peer on loopback that keeps what it receives. */
async function startSmtp(port = 0): Promise<{ port: number; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      let body = "";
      stream.on("data", (c: Buffer) => (body += c.toString("utf8")));
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), body });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.server.address();
  return {
    port: typeof address === "object" && address ? address.port : port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const a = s.address();
      s.close(() => resolve(typeof a === "object" && a ? a.port : 0));
    });
  });
}

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const register = (app: TestApp, email: string) =>
  app.app.inject({
    method: "POST",
    url: "/api/users",
    headers: SAME_ORIGIN,
    payload: { name: "Mo", email, password: "correct horse battery" },
  });

describe("mail over SMTP", () => {
  it("delivers the welcome mail to a real SMTP server and marks it sent", async () => {
    const smtp = await startSmtp();
    try {
      t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true` });
      const email = uniqueEmail("smtp");
      expect((await register(t, email)).statusCode).toBe(201);
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]!.to).toEqual([email]);
      expect(smtp.received[0]!.body).toContain("Subject: Welcome to CleanSpace");
      const [row] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
      expect(row).toMatchObject({ status: "sent", attempts: 1 });
    } finally {
      await smtp.close();
    }
  });

  it("keeps no usable reset token at rest once the reset mail is sent (issue 18 #11)", async () => {
    const smtp = await startSmtp();
    try {
      t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true` });
      const email = uniqueEmail("redact");
      expect((await register(t, email)).statusCode).toBe(201);
      await t.app.inject({ method: "POST", url: "/api/auth/password-reset", headers: SAME_ORIGIN, payload: { email } });
      await t.app.mail.idle();
      const delivered = smtp.received.find((r) => r.body.includes("reset-password"))!;
      const token = /token=([A-Za-z0-9_-]{43})/.exec(delivered.body.replace(/=\r\n/g, ""))![1]!;
      const rows = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
      const stored = rows.find((r) => r.subject.startsWith("Reset"))!;
      expect(stored.status).toBe("sent");
      expect(stored.text).toContain("token=[redacted]");
      expect(stored.text).not.toContain(token);
    } finally {
      await smtp.close();
    }
  });

  it("creates the account while the mail server is down, and sends the mail when it is back", async () => {
    const port = await freePort();
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true` });
    const email = uniqueEmail("down");
    expect((await register(t, email)).statusCode).toBe(201);
    const [pending] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(pending).toMatchObject({ status: "pending", attempts: 1 });
    expect(pending!.lastError).toBeTruthy();

    const smtp = await startSmtp(port);
    try {
      // Backoff: the retry is not due yet right after the failure; 30 s later it is.
      expect(await t.app.mail.retryPending()).toBe(0);
      expect(await t.app.mail.retryPending(new Date(Date.now() + 31_000))).toBe(1);
      expect(smtp.received.map((r) => r.to[0])).toEqual([email]);
      const [sent] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
      expect(sent).toMatchObject({ status: "sent", attempts: 2 });
    } finally {
      await smtp.close();
    }
  });

  it("sends a due message once even when two processes retry it at the same time", async () => {
    const port = await freePort();
    const smtpUrl = `smtp://127.0.0.1:${port}?ignoreTLS=true`;
    t = await createTestApp({ SMTP_URL: smtpUrl });
    const email = uniqueEmail("twice");
    expect((await register(t, email)).statusCode).toBe(201);
    const smtp = await startSmtp(port);
    // A second app process on the same database, with its own retry loop.
    const other = await createMailer({ db: t.database.db, log: t.app.log, smtpUrl, from: "support@cleanspace.app" });
    try {
      const later = new Date(Date.now() + 31_000);
      const sent = await Promise.all([t.app.mail.retryPending(later), other.retryPending(later)]);
      expect(sent[0] + sent[1]).toBe(1);
      expect(smtp.received.filter((r) => r.to[0] === email)).toHaveLength(1);
    } finally {
      await other.close();
      await smtp.close();
    }
  });

  it("waits for a send nobody awaited before it closes, so shutdown drops no mail", async () => {
    const smtp = await startSmtp();
    try {
      t = await createTestApp();
      const mailer = await createMailer({
        db: t.database.db,
        log: t.app.log,
        smtpUrl: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`,
        from: "support@cleanspace.app",
      });
      const email = uniqueEmail("unawaited");
      void mailer.send({ to: email, subject: "Fire and forget", text: "Sent while the app shuts down." });
      await mailer.close();
      expect(smtp.received.map((r) => r.to[0])).toEqual([email]);
      const [row] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
      expect(row).toMatchObject({ status: "sent", attempts: 1 });
    } finally {
      await smtp.close();
    }
  });

  it("backs off: 30 s, 1 min, 2 min … doubling up to about an hour, for MAX_ATTEMPTS tries", async () => {
    expect([0, 1, 2, 3].map(retryDueAfterSeconds)).toEqual([0, 30, 90, 210]);
    expect(retryDueAfterSeconds(9) - retryDueAfterSeconds(8)).toBe(3840);
    expect(retryDueAfterSeconds(MAX_ATTEMPTS - 1) / 3600).toBeGreaterThan(12);
    // The SQL in retryPending agrees with the function: due exactly when the schedule says.
    const port = await freePort();
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true` });
    const email = uniqueEmail("backoff");
    await register(t, email);
    const queuedAt = new Date(Date.now() - 1000);
    await t.database.db.update(mailOutbox).set({ attempts: 5, createdAt: queuedAt }).where(eq(mailOutbox.to, email));
    const dueAt = queuedAt.getTime() + retryDueAfterSeconds(5) * 1000;
    expect(await t.app.mail.retryPending(new Date(dueAt - 2000))).toBe(0);
    const [untouched] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(untouched).toMatchObject({ attempts: 5, status: "pending" });
    // Due: this attempt fails again (nothing listens), is counted, and stays pending.
    expect(await t.app.mail.retryPending(new Date(dueAt + 2000))).toBe(0);
    const [retried] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(retried).toMatchObject({ attempts: 6, status: "pending" });
    await t.database.db.execute(sql`update mail_outbox set attempts = ${MAX_ATTEMPTS - 1}, created_at = now() - interval '30 days'`);
    await t.app.mail.retryPending();
    const [given] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(given).toMatchObject({ attempts: MAX_ATTEMPTS, status: "failed" });
  });

  it("without SMTP_URL keeps the message in the outbox", async () => {
    t = await createTestApp();
    const email = uniqueEmail("outbox");
    await register(t, email);
    const rows = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(rows).toMatchObject([{ status: "pending", attempts: 0, subject: "Welcome to CleanSpace" }]);
  });
});
