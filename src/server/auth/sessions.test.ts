import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions } from "../db/schema";
import { buildUser } from "../test/auth-helpers";
import { createTestApp, type TestApp } from "../test/test-app";
import { ABSOLUTE_MS, createSession, hashToken, resolveSession, SLIDING_MS } from "./sessions";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 24 * 3600 * 1000;

describe("session expiry", () => {
  it("slides 30 days from the last use, but never past the 90-day absolute cap", async () => {
    const u = await buildUser(t.app);
    const start = new Date();
    const { token } = await createSession(t.database.db, u.id, start);
    // Used on day 29: still valid, and extended to day 59.
    const day29 = new Date(start.getTime() + 29 * DAY);
    const a = await resolveSession(t.database.db, token, day29);
    expect(a?.expiresAt.getTime()).toBe(day29.getTime() + SLIDING_MS);
    // Used every 29 days it keeps going until the absolute cap.
    const day85 = new Date(start.getTime() + 85 * DAY);
    await resolveSession(t.database.db, token, new Date(start.getTime() + 58 * DAY));
    const b = await resolveSession(t.database.db, token, day85);
    expect(b?.expiresAt.getTime()).toBe(start.getTime() + ABSOLUTE_MS);
    expect(await resolveSession(t.database.db, token, new Date(start.getTime() + 90 * DAY + 1))).toBeNull();
  });

  it("expires after 30 days without use", async () => {
    const u = await buildUser(t.app);
    const start = new Date();
    const { token } = await createSession(t.database.db, u.id, start);
    expect(await resolveSession(t.database.db, token, new Date(start.getTime() + 30 * DAY + 1))).toBeNull();
    const [row] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, hashToken(token)));
    expect(row).toBeDefined();
  });
});
