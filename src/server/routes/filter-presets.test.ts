import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_PRESETS } from "../../domain/filters";
import { MAX_PRESETS_PER_USER, PRESET_TOO_LARGE, TOO_MANY_PRESETS } from "../../domain/schemas/filter-preset";
import { appliedActions, filterPresets, users } from "../db/schema";
import { as, buildUser, type TestUser } from "../test/auth-helpers";
import { createTestApp, SAME_ORIGIN, type TestApp } from "../test/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Method = "GET" | "POST" | "DELETE";
const req = (user: TestUser | null, method: Method, url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: user ? as(user) : SAME_ORIGIN, ...(payload !== undefined ? { payload: payload as object } : {}) });

/** A user on the card-free trial (what POST /api/create-subscription does without Stripe keys). */
async function proUser(): Promise<TestUser> {
  const u = await buildUser(t.app);
  await t.database.db
    .update(users)
    .set({ subscriptionStatus: "trial", subscriptionPlan: "monthly", trialEndsAt: new Date(Date.now() + 3 * 24 * 3600 * 1000) })
    .where(eq(users.id, u.id));
  return u;
}

const large = { name: "size", type: "size", operator: "greater_than", value: 10 * 1024 * 1024, enabled: true };
const docs = { name: "extension", type: "text", operator: "in", value: ["pdf", "docx"], enabled: true };
const body = (over: Record<string, unknown> = {}) => ({
  name: "Big documents",
  description: "Large PDFs",
  category: "files",
  criteria: [large, docs],
  ...over,
});

let seq = 0;
const actionId = () => `act-${Date.now().toString(36)}-${++seq}`;

describe("/api/filter-presets", () => {
  it("creates, lists and deletes the user's own presets", async () => {
    const u = await proUser();
    expect((await req(u, "GET", "/api/filter-presets")).json()).toEqual([]);
    const created = await req(u, "POST", "/api/filter-presets", body());
    expect(created.statusCode).toBe(201);
    const preset = created.json();
    expect(preset).toMatchObject({
      name: "Big documents",
      description: "Large PDFs",
      category: "files",
      criteria: [large, docs],
      isDefault: false,
    });
    expect(typeof preset.id).toBe("number");
    expect(new Date(preset.createdAt).getTime()).toBeGreaterThan(0);
    expect(preset).not.toHaveProperty("userId");

    const second = (
      await req(
        u,
        "POST",
        "/api/filter-presets",
        body({ name: "Recent", category: "photos", criteria: DEFAULT_PRESETS.photos[1]!.criteria, description: undefined }),
      )
    ).json();
    expect(second.description).toBe("");
    const list = (await req(u, "GET", "/api/filter-presets")).json();
    expect(list.map((p: { name: string }) => p.name)).toEqual(["Big documents", "Recent"]);

    expect((await req(u, "DELETE", `/api/filter-presets/${preset.id}`)).statusCode).toBe(204);
    expect((await req(u, "GET", "/api/filter-presets")).json().map((p: { id: number }) => p.id)).toEqual([second.id]);
    expect((await req(u, "DELETE", `/api/filter-presets/${preset.id}`)).statusCode).toBe(404);
  });

  it("keeps users apart: another user's preset id is a 404 and stays untouched", async () => {
    const [a, b] = [await proUser(), await proUser()];
    const preset = (await req(a, "POST", "/api/filter-presets", body())).json();
    expect((await req(b, "GET", "/api/filter-presets")).json()).toEqual([]);
    expect((await req(b, "DELETE", `/api/filter-presets/${preset.id}`)).statusCode).toBe(404);
    expect((await req(b, "DELETE", `/api/filter-presets/999999`)).statusCode).toBe(404);
    expect((await req(a, "GET", "/api/filter-presets")).json()).toHaveLength(1);
  });

  it("answers 401 without a session and 403 to a cross-site request", async () => {
    expect((await req(null, "GET", "/api/filter-presets")).statusCode).toBe(401);
    expect((await req(null, "POST", "/api/filter-presets", body())).statusCode).toBe(401);
    expect((await req(null, "DELETE", "/api/filter-presets/1")).statusCode).toBe(401);
    const u = await proUser();
    const cross = await t.app.inject({
      method: "POST",
      url: "/api/filter-presets",
      headers: { cookie: u.cookie, origin: "https://evil.example", host: "localhost" },
      payload: body(),
    });
    expect(cross.statusCode).toBe(403);
    const crossDelete = await t.app.inject({
      method: "DELETE",
      url: "/api/filter-presets/1",
      headers: { cookie: u.cookie, origin: "https://evil.example", host: "localhost" },
    });
    expect(crossDelete.statusCode).toBe(403);
    expect((await req(u, "GET", "/api/filter-presets")).json()).toEqual([]);
  });

  it("refuses free users with 403 on every route — before looking at the body", async () => {
    const u = await buildUser(t.app);
    for (const [method, url, payload] of [
      ["GET", "/api/filter-presets", undefined],
      ["POST", "/api/filter-presets", body()],
      ["POST", "/api/filter-presets", { nonsense: true }],
      ["DELETE", "/api/filter-presets/1", undefined],
    ] as const) {
      const res = await req(u, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().error).toBe("This feature needs CleanSpace Pro");
    }
    // An ended trial is free again.
    await t.database.db
      .update(users)
      .set({ subscriptionStatus: "trial", trialEndsAt: new Date(Date.now() - 1000) })
      .where(eq(users.id, u.id));
    expect((await req(u, "GET", "/api/filter-presets")).statusCode).toBe(403);
    expect(await t.database.db.select().from(filterPresets).where(eq(filterPresets.userId, u.id))).toEqual([]);
  });

  it.each([
    ["an empty name", body({ name: "   " }), "name"],
    ["a name too long", body({ name: "x".repeat(61) }), "name"],
    ["no criteria", body({ criteria: [] }), "criteria"],
    ["an unknown criterion type", body({ criteria: [{ ...large, type: "colour" }] }), "criteria.0.type"],
    ["an operator the type does not take", body({ criteria: [{ ...large, operator: "contains" }] }), "criteria.0.operator"],
    [
      "a status field that does not exist",
      body({ criteria: [{ name: "secret", type: "status", operator: "equals", value: true, enabled: true }] }),
      "criteria.0.name",
    ],
    ["a negative size", body({ criteria: [{ ...large, value: -1 }] }), "criteria.0.value"],
    ["an unknown tab", body({ category: "music" }), "category"],
    ["an unknown field", body({ userId: 1 }), "userId"],
    ["an unknown criterion field", body({ criteria: [{ ...large, path: "/etc" }] }), "path"],
    ["a bad action id", body({ actionId: "x" }), "actionId"],
  ])("refuses %s with a 400 naming the field", async (_label, payload, field) => {
    const u = await proUser();
    const res = await req(u, "POST", "/api/filter-presets", payload);
    expect(res.statusCode).toBe(400);
    const json = res.json();
    expect(`${json.error} ${JSON.stringify(json.issues)}`).toContain(field);
    expect((await req(u, "GET", "/api/filter-presets")).json()).toEqual([]);
  });

  it("refuses a bad id in the path with a 400", async () => {
    const u = await proUser();
    expect((await req(u, "DELETE", "/api/filter-presets/abc")).statusCode).toBe(400);
    expect((await req(u, "DELETE", "/api/filter-presets/-3")).statusCode).toBe(400);
  });

  it("stores a retried create with the same actionId once (offline queue replay)", async () => {
    const u = await proUser();
    const id = actionId();
    const first = await req(u, "POST", "/api/filter-presets", body({ actionId: id }));
    const replay = await req(u, "POST", "/api/filter-presets", body({ actionId: id }));
    expect(first.statusCode).toBe(201);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    const rows = await t.database.db.select().from(filterPresets).where(eq(filterPresets.userId, u.id));
    expect(rows).toHaveLength(1);
    const applied = await t.database.db
      .select()
      .from(appliedActions)
      .where(and(eq(appliedActions.userId, u.id), eq(appliedActions.actionId, id)));
    expect(applied).toMatchObject([{ collection: "filter-presets" }]);
    // A new action id is a new preset.
    expect((await req(u, "POST", "/api/filter-presets", body({ actionId: actionId() }))).statusCode).toBe(201);
    expect(await t.database.db.select().from(filterPresets).where(eq(filterPresets.userId, u.id))).toHaveLength(2);
  });

  it("applies a retried delete once and answers the replay with 204", async () => {
    const u = await proUser();
    const preset = (await req(u, "POST", "/api/filter-presets", body())).json();
    const id = actionId();
    expect((await req(u, "DELETE", `/api/filter-presets/${preset.id}`, { id: preset.id, actionId: id })).statusCode).toBe(204);
    expect((await req(u, "DELETE", `/api/filter-presets/${preset.id}`, { id: preset.id, actionId: id })).statusCode).toBe(204);
    // A refused delete does not keep its action id: another user's preset stays a 404 on retry.
    const other = await proUser();
    const theirs = (await req(other, "POST", "/api/filter-presets", body())).json();
    const probe = actionId();
    expect((await req(u, "DELETE", `/api/filter-presets/${theirs.id}`, { actionId: probe })).statusCode).toBe(404);
    expect((await req(u, "DELETE", `/api/filter-presets/${theirs.id}`, { actionId: probe })).statusCode).toBe(404);
    expect((await req(other, "GET", "/api/filter-presets")).json()).toHaveLength(1);
  });

  it("stores a name with HTML as plain text, exactly as typed", async () => {
    const u = await proUser();
    const name = `<img src=x onerror="alert(1)"> & <b>bold</b>`;
    const res = await req(u, "POST", "/api/filter-presets", body({ name }));
    expect(res.statusCode).toBe(201);
    expect(res.headers["content-type"]).toContain("application/json");
    expect(res.json().name).toBe(name);
    const [row] = await t.database.db.select().from(filterPresets).where(eq(filterPresets.userId, u.id));
    expect(row!.name).toBe(name);
  });
});

describe("presets are bounded per user, on create and on restore (issue 39 #5)", () => {
  /** 20 criteria of 50 values of 100 characters: the 104 KB preset of the review. */
  const huge = Array.from({ length: 20 }, () => ({
    name: "extension",
    type: "text",
    operator: "in",
    value: Array.from({ length: 50 }, (_, i) => `${i}`.padEnd(100, "x")),
    enabled: true,
  }));
  const settings = {
    notifications: false,
    autoClean: true,
    dailyTips: false,
    soundEffects: false,
    hapticFeedback: false,
    darkMode: false,
    metadataOnlyScan: true,
    primaryGoal: "privacy",
    dataTypes: ["apps"],
    timezone: "UTC",
    dismissedSuggestions: [],
  };
  const restore = (u: TestUser, presets: unknown[]) => req(u, "POST", `/api/users/${u.id}/restore`, { settings, filterPresets: presets });
  const countOf = async (u: TestUser) => (await req(u, "GET", "/api/filter-presets")).json().length;

  it("refuses a preset over the size bound with a message that says what to do", async () => {
    const u = await proUser();
    expect(JSON.stringify(huge).length).toBeGreaterThan(100_000);
    const res = await req(u, "POST", "/api/filter-presets", body({ criteria: huge }));
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([{ field: "criteria", message: PRESET_TOO_LARGE }]);
    expect((await restore(u, [body({ criteria: huge })])).statusCode).toBe(400);
    expect(await countOf(u)).toBe(0);
  });

  it(`20 concurrent creates with 40 kept: the count stops at exactly ${MAX_PRESETS_PER_USER}, the rest answered 409`, async () => {
    const u = await proUser();
    for (let i = 0; i < 40; i++) expect((await req(u, "POST", "/api/filter-presets", body({ name: `Old ${i}` }))).statusCode).toBe(201);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => req(u, "POST", "/api/filter-presets", body({ name: `Preset ${i}` }))),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(MAX_PRESETS_PER_USER - 40);
    expect(codes.filter((c) => c === 409)).toHaveLength(20 - (MAX_PRESETS_PER_USER - 40));
    expect(answers.find((r) => r.statusCode === 409)!.json()).toEqual({ error: TOO_MANY_PRESETS });
    expect(await countOf(u)).toBe(MAX_PRESETS_PER_USER);
    // Deleting one makes room for one.
    const [first] = (await req(u, "GET", "/api/filter-presets")).json();
    expect((await req(u, "DELETE", `/api/filter-presets/${first.id}`)).statusCode).toBe(204);
    expect((await req(u, "POST", "/api/filter-presets", body({ name: "One more" }))).statusCode).toBe(201);
  });

  it("a restore that would pass the count bound changes nothing; one replacing same-named presets fits", async () => {
    const u = await proUser();
    for (let i = 0; i < 45; i++) expect((await req(u, "POST", "/api/filter-presets", body({ name: `Kept ${i}` }))).statusCode).toBe(201);
    const tooMany = await restore(
      u,
      Array.from({ length: 10 }, (_, i) => body({ name: `Restored ${i}` })),
    );
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toEqual({ error: TOO_MANY_PRESETS });
    expect(await countOf(u)).toBe(45);
    // Same names and category replace what is there: the count stays within the bound.
    const replacing = await restore(
      u,
      Array.from({ length: 10 }, (_, i) => body({ name: `Kept ${i}` })),
    );
    expect(replacing.statusCode).toBe(200);
    expect(await countOf(u)).toBe(45);
    // Concurrent restores of new names cannot pass the bound together either.
    const both = await Promise.all(
      [0, 1].map((k) =>
        restore(
          u,
          [0, 1, 2, 3].map((i) => body({ name: `Batch ${k}-${i}` })),
        ),
      ),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await countOf(u)).toBe(49);
  });
});
