/**
 * Issue 39 #10: IMAP_MAX_CONNECTIONS holds when connects run at the same time. The slot is
 * reserved before the awaited connect, so of 6 concurrent connects (6 users) against a cap
 * of 3 exactly 3 get a connection; a failed connect gives its slot back. Against a real
 * Dovecot (scripts/test-support/dovecot.mjs), with real parallel requests.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { planMailbox, startDovecot, type Dovecot } from "../../../scripts/test-support/dovecot.mjs";
import { as, buildUser, type TestUser } from "../test/auth-helpers";
import { createTestApp, type TestApp } from "../test/test-app";
import { MailConnections } from "./connections";

const USERS = Array.from({ length: 7 }, (_, i) => ({ name: `cap${i}`, password: `cap-app-password-${i}` }));
let dovecot: Dovecot;
let t: TestApp;
let people: TestUser[];

beforeAll(async () => {
  dovecot = await startDovecot({ users: USERS.map((u, i) => ({ ...u, messages: planMailbox({ messages: 2, senders: 1, seed: i + 1 }) })) });
  t = await createTestApp({
    IMAP_ALLOW_HOSTS: "127.0.0.1",
    IMAP_CA_FILE: dovecot.caFile,
    IMAP_TIMEOUT_MS: "5000",
    IMAP_MAX_CONNECTIONS: "3",
  });
  people = [];
  for (let i = 0; i < USERS.length; i++) people.push(await buildUser(t.app));
}, 60_000);

afterAll(async () => {
  await t?.close();
  await dovecot?.stop();
});

const connect = (user: TestUser, i: number, password = USERS[i]!.password) =>
  t.app.inject({
    method: "POST",
    url: "/api/email/connect",
    headers: as(user),
    payload: { host: "127.0.0.1", port: dovecot.port, username: USERS[i]!.name, password },
  });

describe("IMAP_MAX_CONNECTIONS under concurrency (issue 39 #10)", () => {
  it("6 concurrent connects from 6 users against a cap of 3: exactly 3 connected, 3 told to try later", async () => {
    const answers = await Promise.all(people.slice(0, 6).map((u, i) => connect(u, i)));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(3);
    expect(codes.filter((c) => c === 503)).toHaveLength(3);
    expect(answers.find((r) => r.statusCode === 503)!.headers["retry-after"]).toBe("60");
    expect(t.app.mailboxes.size).toBe(3);
    // A connected user reconnecting replaces their own connection: no second slot.
    const connected = codes.map((c, i) => (c === 200 ? i : -1)).filter((i) => i >= 0);
    expect((await connect(people[connected[0]!]!, connected[0]!)).statusCode).toBe(200);
    expect(t.app.mailboxes.size).toBe(3);
    // Disconnecting frees a slot for someone else.
    const del = await t.app.inject({ method: "DELETE", url: "/api/email/connection", headers: as(people[connected[1]!]!) });
    expect(del.statusCode).toBe(204);
    expect((await connect(people[6]!, 6)).statusCode).toBe(200);
    expect(t.app.mailboxes.size).toBe(3);
  });
});

describe("MailConnections.reserve", () => {
  it("counts a slot from the reservation on, and a failed connect gives it back", () => {
    const cap = new MailConnections(2, 60_000);
    const a = cap.reserve(1);
    cap.reserve(2);
    expect(() => cap.reserve(3)).toThrow(/Too many mailboxes/);
    // The same user opening twice takes one slot.
    const again = cap.reserve(1);
    again();
    expect(() => cap.reserve(3)).toThrow(/Too many mailboxes/);
    a();
    a(); // releasing twice changes nothing
    expect(() => cap.reserve(3)).not.toThrow();
    expect(() => cap.reserve(4)).toThrow(/Too many mailboxes/);
  });
});
