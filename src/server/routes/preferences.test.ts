import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { as, buildUser } from "../test/auth-helpers";
import { createTestApp, SAME_ORIGIN, type TestApp } from "../test/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (u: { cookie: string }) => t.app.inject({ method: "GET", url: "/api/preferences", headers: as(u) });
const put = (u: { cookie: string }, payload: unknown) =>
  t.app.inject({ method: "PUT", url: "/api/preferences", headers: as(u), payload: payload as object });

describe("/api/preferences", () => {
  it("a new account has not been asked and has the default preferences", async () => {
    const u = await buildUser(t.app);
    const res = await get(u);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ primaryGoal: "storage", dataTypes: [], asked: false });
  });

  it("saves the answer on the server, marks the account as asked, and shows in the settings", async () => {
    const u = await buildUser(t.app);
    const res = await put(u, { primaryGoal: "privacy", dataTypes: ["email", "photos"] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ primaryGoal: "privacy", dataTypes: ["email", "photos"], asked: true });
    expect((await get(u)).json()).toEqual({ primaryGoal: "privacy", dataTypes: ["email", "photos"], asked: true });
    const settings = (await t.app.inject({ method: "GET", url: "/api/settings", headers: as(u) })).json();
    expect(settings).toMatchObject({ primaryGoal: "privacy", dataTypes: ["email", "photos"] });
  });

  it("a skip marks the account as asked and keeps the preferences as they were", async () => {
    const u = await buildUser(t.app);
    await t.app.inject({ method: "PATCH", url: "/api/settings", headers: as(u), payload: { primaryGoal: "organize" } });
    const res = await put(u, { skipped: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ primaryGoal: "organize", dataTypes: [], asked: true });
  });

  it("can be edited again after the first answer", async () => {
    const u = await buildUser(t.app);
    await put(u, { skipped: true });
    expect((await put(u, { primaryGoal: "productivity", dataTypes: ["files"] })).json()).toEqual({
      primaryGoal: "productivity",
      dataTypes: ["files"],
      asked: true,
    });
  });

  it("keeps each user's preferences apart", async () => {
    const [a, b] = [await buildUser(t.app), await buildUser(t.app)];
    await put(a, { primaryGoal: "privacy", dataTypes: ["apps"] });
    expect((await get(b)).json()).toEqual({ primaryGoal: "storage", dataTypes: [], asked: false });
  });

  it.each([
    [{}],
    [{ skipped: false }],
    [{ primaryGoal: "fame", dataTypes: [] }],
    [{ primaryGoal: "storage", dataTypes: ["music"] }],
    [{ primaryGoal: "storage", dataTypes: ["apps", "apps"] }],
    [{ primaryGoal: "storage", dataTypes: ["apps"], userId: 1 }],
    [{ primaryGoal: "storage" }],
  ])("refuses %j with a 400 naming the problem", async (payload) => {
    const u = await buildUser(t.app);
    const res = await put(u, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty("error");
    expect((await get(u)).json().asked).toBe(false);
  });

  it("answers 401 without a session and 403 cross-site", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/preferences" })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: "PUT", url: "/api/preferences", headers: SAME_ORIGIN, payload: { skipped: true } })).statusCode,
    ).toBe(401);
    const u = await buildUser(t.app);
    const cross = await t.app.inject({
      method: "PUT",
      url: "/api/preferences",
      headers: { cookie: u.cookie, origin: "https://evil.example", host: "localhost" },
      payload: { skipped: true },
    });
    expect(cross.statusCode).toBe(403);
    expect((await get(u)).json().asked).toBe(false);
  });
});
