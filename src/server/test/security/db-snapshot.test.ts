import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema";
import { buildUser } from "../auth-helpers";
import { createTestApp } from "../test-app";
import { diffSnapshots, snapshotTables, snapshotWatched, watchTables } from "./db-snapshot";

const t = await createTestApp();
afterAll(() => t.close());
const { db } = t.database;
await watchTables(db);

describe("snapshotWatched", () => {
  it("sees a row added, edited or removed, and agrees with a full fingerprint every time", async () => {
    const start = await snapshotWatched(db);
    expect(start).toEqual(await snapshotTables(db));
    const user = await buildUser(t.app, { name: "Snap" });
    const added = await snapshotWatched(db);
    expect(diffSnapshots(start, added)).toContain("users: 0 → 1 rows");
    await db.update(users).set({ name: "Snap 2" }).where(eq(users.id, user.id));
    const edited = await snapshotWatched(db);
    expect(diffSnapshots(added, edited)).toContain("users: 1 → 1 rows (edited)");
    expect(edited).toEqual(await snapshotTables(db));
    await db.execute(sql`delete from sessions`);
    expect(diffSnapshots(edited, await snapshotWatched(db)).some((d) => d.startsWith("sessions:"))).toBe(true);
  });

  it("gives the last fingerprint again while nothing changed, and a rolled-back change changes nothing", async () => {
    const before = await snapshotWatched(db);
    expect(await snapshotWatched(db)).toBe(before);
    await db
      .transaction(async (tx) => {
        await tx.update(users).set({ name: "Rolled back" });
        throw new Error("roll back");
      })
      .catch(() => undefined);
    expect(await snapshotWatched(db)).toBe(before);
    // The same value written again: counted, hashed again, and found equal.
    await db.update(users).set({ name: "Snap 2" });
    const same = await snapshotWatched(db);
    expect(same).not.toBe(before);
    expect(diffSnapshots(before, same)).toEqual([]);
  });
});
