import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "../../domain/schemas/settings";
import { as, buildUser } from "../test/auth-helpers";
import { createTestApp, SAME_ORIGIN, type TestApp } from "../test/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("/api/settings", () => {
  it("starts from the defaults and saves a partial change", async () => {
    const u = await buildUser(t.app);
    expect((await t.app.inject({ method: "GET", url: "/api/settings", headers: as(u) })).json()).toEqual(DEFAULT_SETTINGS);
    const res = await t.app.inject({
      method: "PATCH",
      url: "/api/settings",
      headers: as(u),
      payload: { hapticFeedback: false, timezone: "Europe/Paris", dataTypes: ["files"] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...DEFAULT_SETTINGS, hapticFeedback: false, timezone: "Europe/Paris", dataTypes: ["files"] });
    expect((await t.app.inject({ method: "GET", url: "/api/settings", headers: as(u) })).json().hapticFeedback).toBe(false);
  });

  it("keeps each user's settings apart", async () => {
    const [a, b] = [await buildUser(t.app), await buildUser(t.app)];
    await t.app.inject({ method: "PATCH", url: "/api/settings", headers: as(a), payload: { darkMode: false } });
    expect((await t.app.inject({ method: "GET", url: "/api/settings", headers: as(b) })).json().darkMode).toBe(true);
  });

  it.each([[{}], [{ darkMode: "yes" }], [{ timezone: "Mars/Olympus" }], [{ primaryGoal: "fame" }], [{ userId: 3 }]])(
    "refuses %j with a 400",
    async (payload) => {
      const u = await buildUser(t.app);
      expect((await t.app.inject({ method: "PATCH", url: "/api/settings", headers: as(u), payload })).statusCode).toBe(400);
    },
  );

  it("answers 401 without a session and 403 cross-site", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/settings" })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: "PATCH", url: "/api/settings", headers: SAME_ORIGIN, payload: { darkMode: false } })).statusCode,
    ).toBe(401);
    const u = await buildUser(t.app);
    const cross = await t.app.inject({
      method: "PATCH",
      url: "/api/settings",
      headers: { cookie: u.cookie, origin: "https://evil.example", host: "localhost" },
      payload: { darkMode: false },
    });
    expect(cross.statusCode).toBe(403);
  });
});
