import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tips } from "../db/schema";
import { TIPS } from "../db/tips-data";
import { createTestApp, type TestApp } from "../test/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("GET /api/tips/random", () => {
  it("returns a seeded tip with title and content", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/tips/random" });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(TIPS.map((x) => x.title)).toContain(body.title);
    expect(body.content.length).toBeGreaterThan(20);
  });

  it("seeds at least 40 tips across every category, idempotently", async () => {
    const { seedTips } = await import("../db/seed");
    await seedTips(t.database.db);
    const rows = await t.database.db.select().from(tips);
    expect(rows.length).toBe(TIPS.length);
    expect(rows.length).toBeGreaterThanOrEqual(40);
    expect(new Set(rows.map((r) => r.category))).toEqual(new Set(["photos", "files", "apps", "email", "wellness"]));
  });

  it("serves only active tips", async () => {
    const { eq, ne } = await import("drizzle-orm");
    const [keep] = await t.database.db.select().from(tips).limit(1);
    await t.database.db.update(tips).set({ isActive: false }).where(ne(tips.id, keep!.id));
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({ method: "GET", url: "/api/tips/random" });
      expect(res.json().id).toBe(keep!.id);
    }
    await t.database.db.update(tips).set({ isActive: true }).where(eq(tips.isActive, false));
  });
});
