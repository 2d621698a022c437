// Fault: the mail server is down when someone registers. The account must be created (and
// usable) anyway, the welcome mail must wait in the outbox, and once the mail server is back
// the app must send it by itself — once — from its retry loop, with no request to nudge it.
import { rmSync } from "node:fs";
import { SMTPServer } from "smtp-server";
import {
  Client,
  ensureBuilt,
  expect,
  finish,
  freePort,
  log,
  PASSWORD,
  pgliteQuery,
  registerUser,
  sleep,
  startServer,
  tempDir,
} from "./harness.mjs";

/** The retry loop's first retry is due 30 s after the failed send; allow for its tick and a busy machine. */
const WAIT_FOR_RETRY_MS = Number(process.env.FAULT_MAIL_WAIT_MS ?? 90_000);

function startSmtp(port) {
  const received = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      let body = "";
      stream.on("data", (c) => (body += c.toString("utf8")));
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), body, at: Date.now() });
        callback();
      });
    },
  });
  return new Promise((resolve) =>
    server.listen(port, "127.0.0.1", () => resolve({ received, close: () => new Promise((r) => server.close(r)) })),
  );
}

ensureBuilt();
const dataDir = tempDir("mail");
const smtpPort = await freePort(); // nothing listens here yet: the mail server is "down"
let server;
let smtp;
const figures = {};
try {
  server = await startServer({ env: { DATA_DIR: dataDir, SMTP_URL: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true` }, label: "app" });
  log("registering while the mail server is down");
  const t0 = Date.now();
  const { email, userId } = await registerUser(server.base, "maildown");
  figures.registerMs = Date.now() - t0;
  expect(true, `registration answered 201 in ${figures.registerMs} ms with the mail server down`);
  const login = await new Client(server.base).request("POST", "/api/auth/login", { email, password: PASSWORD });
  expect(login.status === 200 && login.json?.user?.id === userId, "the new account can sign in");

  log("bringing the mail server up; waiting for the app's retry loop");
  smtp = await startSmtp(smtpPort);
  const tUp = Date.now();
  while (Date.now() - tUp < WAIT_FOR_RETRY_MS && !smtp.received.some((m) => m.to.includes(email))) await sleep(500);
  const delivered = smtp.received.filter((m) => m.to.includes(email));
  figures.deliveredAfterMs = delivered[0] ? delivered[0].at - tUp : null;
  expect(
    delivered.length > 0,
    `the welcome mail arrives by itself once the mail server is back${delivered[0] ? ` (${((delivered[0].at - tUp) / 1000).toFixed(1)} s later)` : ""}`,
  );
  expect(delivered[0]?.body.includes("Subject: Welcome to CleanSpace") ?? false, "it is the welcome mail");
  await sleep(12_000); // one more retry tick: a sent message must not go out again
  expect(
    smtp.received.filter((m) => m.to.includes(email)).length === 1,
    `it is sent exactly once (${smtp.received.filter((m) => m.to.includes(email)).length})`,
  );

  await server.stop();
  server = undefined;
  const rows = await pgliteQuery(dataDir, `select status, attempts, last_error, sent_at from mail_outbox where "to" = '${email}'`);
  expect(rows.length === 1, `one outbox row for the welcome mail (${rows.length})`);
  expect(rows[0]?.status === "sent" && rows[0]?.sent_at, `the outbox row is marked sent (${rows[0]?.status})`);
  expect((rows[0]?.attempts ?? 0) >= 2, `the first attempt failed and a retry sent it (attempts: ${rows[0]?.attempts})`);
  expect(Boolean(rows[0]?.last_error), `the failure was recorded (${String(rows[0]?.last_error).slice(0, 60)})`);
  figures.attempts = rows[0]?.attempts;
} catch (err) {
  expect(false, `the suite ran to the end (${err.message})`);
} finally {
  await server?.stop();
  await smtp?.close();
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(`\nfigures: ${JSON.stringify(figures)}`);
finish("mail server down at registration");
