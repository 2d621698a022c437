import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AccountExportSchema, ExportHistoryListSchema, type RestoreInput } from "../../domain/schemas/export";
import { localDate } from "../../domain/dates";
import { cleanupEvents, exportHistory, filterPresets, mailAccounts, scanSnapshots, userSettings } from "../db/schema";
import { saveSummary } from "../services/digital-data";
import { EXPORT_PAGE_ROWS } from "../services/insights-export";
import { as, buildUser, type TestUser } from "../test/auth-helpers";
import { buildSummary } from "../../domain/testing/build-summary";
import { createTestApp, SAME_ORIGIN, type TestApp } from "../test/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Method = "GET" | "POST";
const req = (user: TestUser | null, method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method,
    url,
    headers: { ...(user ? as(user) : SAME_ORIGIN), ...headers },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

const makeTrial = (id: number) =>
  t.database.db.execute(sql`update users set subscription_status = 'trial', trial_ends_at = now() + interval '1 day' where id = ${id}`);
const proUser = async () => {
  const u = await buildUser(t.app);
  await makeTrial(u.id);
  return u;
};
const historyOf = (id: number) => t.database.db.select().from(exportHistory).where(eq(exportHistory.userId, id));

const criteria = [{ name: "size", type: "size", operator: "greater_than", value: 10_000_000, enabled: true }];
const restoreBody = (over: Partial<RestoreInput> = {}): RestoreInput => ({
  settings: {
    notifications: false,
    autoClean: true,
    dailyTips: false,
    soundEffects: false,
    hapticFeedback: false,
    darkMode: false,
    metadataOnlyScan: true,
    primaryGoal: "privacy",
    dataTypes: ["apps", "email"],
    timezone: "Europe/Paris",
    dismissedSuggestions: ["unused-apps"],
  },
  filterPresets: [
    {
      name: "Big files",
      description: "Over 10 MB",
      category: "files",
      criteria: criteria as RestoreInput["filterPresets"][number]["criteria"],
    },
  ],
  ...over,
});

describe("POST /api/users/{id}/export (portability: free, own user only)", () => {
  it("serves a free user's whole server data as a JSON attachment, without the password hash", async () => {
    const u = await buildUser(t.app, { name: "Ann" });
    await saveSummary(t.database.db, u.id, buildSummary());
    await t.database.db.insert(scanSnapshots).values({ userId: u.id, localDate: "2026-11-20", healthScore: 71, summary: buildSummary() });
    await t.database.db.insert(cleanupEvents).values({
      userId: u.id,
      clientId: "evt-export-1",
      category: "photos",
      action: "trash",
      items: 3,
      bytesFreed: 9000,
      localDate: "2026-11-20",
    });
    await t.database.db.insert(filterPresets).values({ userId: u.id, name: "Mine", category: "photos", criteria });

    const res = await req(u, "POST", `/api/users/${u.id}/export`, {});
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("application/json");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="cleanspace-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(res.body).not.toMatch(/password|argon2|stripe/i);
    const data = AccountExportSchema.parse(res.json());
    expect(data.account).toMatchObject({ id: u.id, name: "Ann", email: u.email, subscriptionStatus: "free" });
    expect(data.aggregates).toMatchObject({ photosCount: 400, filesCount: 600 });
    expect(data.snapshots).toMatchObject([{ localDate: "2026-11-20", healthScore: 71 }]);
    expect(data.events).toMatchObject([{ clientId: "evt-export-1", items: 3, bytesFreed: 9000 }]);
    expect(data.filterPresets).toMatchObject([{ name: "Mine", category: "photos" }]);
    expect(data.settings).toMatchObject({ timezone: "UTC", dismissedSuggestions: [] });
    expect(data.streak).toMatchObject({ currentStreak: 0, streakHistory: [] });
    // The server records what it served.
    expect(await historyOf(u.id)).toMatchObject([{ type: "account-data", status: "completed", size: Buffer.byteLength(res.body) }]);
  });

  it("includes a kept mailbox's address and sign-in method, never its sealed password or token (issue 21)", async () => {
    const u = await buildUser(t.app);
    expect(AccountExportSchema.parse((await req(u, "POST", `/api/users/${u.id}/export`, {})).json()).mailbox).toBeNull();
    await t.database.db.insert(mailAccounts).values({
      userId: u.id,
      host: "imap.gmail.com",
      port: 993,
      username: "ann@gmail.example",
      oauthProvider: "gmail",
      sealedRefreshToken: "v1.sealed-refresh-token-value",
    });
    const res = await req(u, "POST", `/api/users/${u.id}/export`, {});
    expect(AccountExportSchema.parse(res.json()).mailbox).toMatchObject({
      host: "imap.gmail.com",
      port: 993,
      username: "ann@gmail.example",
      method: "gmail",
    });
    expect(res.body).not.toContain("sealed-refresh-token-value");
  });

  it("streams every snapshot and event a page at a time, all of them, in the order stored (issue 18 #7)", async () => {
    const u = await buildUser(t.app);
    const n = EXPORT_PAGE_ROWS * 2 + 3;
    const rows = Array.from({ length: n }, (_, i) => ({
      userId: u.id,
      clientId: `evt-page-${i}`,
      category: "files",
      action: "trash",
      items: 1,
      bytesFreed: i,
      localDate: "2026-11-20",
    }));
    await t.database.db.insert(cleanupEvents).values(rows);
    await t.database.db
      .insert(scanSnapshots)
      .values(
        Array.from({ length: 3 }, (_, i) => ({ userId: u.id, localDate: `2026-11-2${i}`, healthScore: 60 + i, summary: buildSummary() })),
      );
    const res = await req(u, "POST", `/api/users/${u.id}/export`, {});
    expect(res.statusCode).toBe(200);
    // Sent in pieces (no content-length: chunked), and still one valid document.
    expect(res.headers["content-length"]).toBeUndefined();
    const data = AccountExportSchema.parse(res.json());
    expect(data.events.map((e) => e.clientId)).toEqual(rows.map((r) => r.clientId));
    expect(data.snapshots.map((s) => s.healthScore)).toEqual([60, 61, 62]);
    expect(await historyOf(u.id)).toMatchObject([{ size: Buffer.byteLength(res.body) }]);
  });

  it("keeps the backup flavour for Pro users and writes no history for it", async () => {
    const u = await buildUser(t.app);
    expect((await req(u, "POST", `/api/users/${u.id}/export`, { for: "backup" })).statusCode).toBe(403);
    await makeTrial(u.id);
    const res = await req(u, "POST", `/api/users/${u.id}/export`, { for: "backup" });
    expect(res.statusCode).toBe(200);
    expect(AccountExportSchema.parse(res.json()).account.subscriptionStatus).toBe("trial");
    expect(await historyOf(u.id)).toEqual([]);
  });

  it("answers 401 without a session, 404 for another user, 400 for bad input", async () => {
    const [a, b] = [await buildUser(t.app), await buildUser(t.app)];
    expect((await req(null, "POST", `/api/users/${a.id}/export`, {})).statusCode).toBe(401);
    expect((await req(a, "POST", `/api/users/${b.id}/export`, {})).statusCode).toBe(404);
    expect((await req(a, "POST", `/api/users/x/export`, {})).statusCode).toBe(400);
    expect((await req(a, "POST", `/api/users/${a.id}/export`, { for: "everything" })).statusCode).toBe(400);
    expect(await historyOf(b.id)).toEqual([]);
  });

  it("is not served to a GET, so a cross-site link or top-level navigation writes nothing (issue 18 #12)", async () => {
    const u = await buildUser(t.app);
    const res = await req(u, "GET", `/api/users/${u.id}/export`, undefined, {
      "sec-fetch-site": "cross-site",
      "sec-fetch-mode": "navigate",
    });
    expect(res.statusCode).toBe(404);
    expect(await historyOf(u.id)).toEqual([]);
    const forged = await req(u, "POST", `/api/users/${u.id}/export`, {}, { origin: "https://evil.example" });
    expect(forged.statusCode).toBe(403);
    expect(await historyOf(u.id)).toEqual([]);
  });
});

describe("POST /api/users/{id}/restore (Pro, one transaction)", () => {
  it("refuses free users, other users, cross-site requests and no session", async () => {
    const [free, pro, other] = [await buildUser(t.app), await proUser(), await proUser()];
    expect((await req(free, "POST", `/api/users/${free.id}/restore`, restoreBody())).statusCode).toBe(403);
    expect((await req(pro, "POST", `/api/users/${other.id}/restore`, restoreBody())).statusCode).toBe(404);
    expect((await req(null, "POST", `/api/users/${pro.id}/restore`, restoreBody())).statusCode).toBe(401);
    expect((await req(pro, "POST", `/api/users/${pro.id}/restore`, restoreBody(), { origin: "https://evil.example" })).statusCode).toBe(
      403,
    );
    for (const id of [free.id, pro.id, other.id]) {
      expect(await t.database.db.select().from(userSettings).where(eq(userSettings.userId, id))).toEqual([]);
    }
  });

  it("restores settings and filter presets: a backup preset replaces one of the same name, others stay", async () => {
    const u = await proUser();
    await t.database.db.insert(filterPresets).values([
      { userId: u.id, name: "Big files", category: "files", criteria, description: "old version" },
      { userId: u.id, name: "Keep me", category: "photos", criteria },
    ]);
    const res = await req(u, "POST", `/api/users/${u.id}/restore`, restoreBody());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ settings: true, filterPresets: 1 });
    const [s] = await t.database.db.select().from(userSettings).where(eq(userSettings.userId, u.id));
    expect(s).toMatchObject({
      notifications: false,
      autoClean: true,
      primaryGoal: "privacy",
      dataTypes: ["apps", "email"],
      timezone: "Europe/Paris",
      dismissedSuggestions: ["unused-apps"],
    });
    const presets = await t.database.db.select().from(filterPresets).where(eq(filterPresets.userId, u.id));
    expect(presets.map((p) => [p.name, p.description]).sort()).toEqual([
      ["Big files", "Over 10 MB"],
      ["Keep me", ""],
    ]);
  });

  it("writes nothing when any part is invalid", async () => {
    const u = await proUser();
    const badPreset = restoreBody({
      filterPresets: [
        { name: "Fine", category: "files", criteria: criteria as RestoreInput["filterPresets"][number]["criteria"] },
        {
          name: "Broken",
          category: "files",
          criteria: [{ name: "size", type: "size", operator: "contains", value: "x", enabled: true }] as never,
        },
      ],
    });
    expect((await req(u, "POST", `/api/users/${u.id}/restore`, badPreset)).statusCode).toBe(400);
    const badZone = restoreBody({ settings: { ...restoreBody().settings, timezone: "Mars/Olympus" } });
    const zone = await req(u, "POST", `/api/users/${u.id}/restore`, badZone);
    expect(zone.statusCode).toBe(400);
    expect(zone.json().issues[0].field).toBe("settings.timezone");
    expect((await req(u, "POST", `/api/users/${u.id}/restore`, { ...restoreBody(), aggregates: {} })).statusCode).toBe(400);
    expect((await req(u, "POST", `/api/users/${u.id}/restore`, "not json", { "content-type": "application/json" })).statusCode).toBe(400);
    expect(await t.database.db.select().from(userSettings).where(eq(userSettings.userId, u.id))).toEqual([]);
    expect(await t.database.db.select().from(filterPresets).where(eq(filterPresets.userId, u.id))).toEqual([]);
  });
});

describe("/api/users/{id}/export-history", () => {
  const entry = (type: string, status = "completed") => ({
    type,
    name: `cleanspace-${type}-${localDate(new Date(), "UTC")}.csv`,
    size: 1234,
    status,
  });

  it("lets any signed-in user record a free local export, but the requiresAuth ones only for Pro", async () => {
    const u = await buildUser(t.app);
    expect((await req(u, "POST", `/api/users/${u.id}/export-history`, entry("scan-index-csv"))).statusCode).toBe(201);
    for (const type of ["photos-backup", "files-archive", "email-summary", "full-export"]) {
      expect((await req(u, "POST", `/api/users/${u.id}/export-history`, entry(type))).statusCode).toBe(403);
    }
    expect((await req(u, "GET", `/api/users/${u.id}/export-history`)).statusCode).toBe(403);
    await makeTrial(u.id);
    expect((await req(u, "POST", `/api/users/${u.id}/export-history`, entry("photos-backup", "failed"))).statusCode).toBe(201);
    const list = ExportHistoryListSchema.parse((await req(u, "GET", `/api/users/${u.id}/export-history`)).json());
    expect(list.map((h) => [h.type, h.status])).toEqual([
      ["photos-backup", "failed"],
      ["scan-index-csv", "completed"],
    ]);
    expect(list[0]).toMatchObject({ size: 1234, name: expect.stringMatching(/^cleanspace-photos-backup-/) });
  });

  it("guards ownership, the session, the origin and the input", async () => {
    const [a, b] = [await proUser(), await proUser()];
    expect((await req(null, "GET", `/api/users/${a.id}/export-history`)).statusCode).toBe(401);
    expect((await req(a, "GET", `/api/users/${b.id}/export-history`)).statusCode).toBe(404);
    expect((await req(a, "POST", `/api/users/${b.id}/export-history`, entry("scan-index-csv"))).statusCode).toBe(404);
    expect(
      (await req(a, "POST", `/api/users/${a.id}/export-history`, entry("scan-index-csv"), { origin: "https://evil.example" })).statusCode,
    ).toBe(403);
    expect(
      (await req(a, "POST", `/api/users/${a.id}/export-history`, { ...entry("scan-index-csv"), name: "../../etc/passwd" })).statusCode,
    ).toBe(400);
    expect((await req(a, "POST", `/api/users/${a.id}/export-history`, { ...entry("scan-index-csv"), type: "everything" })).statusCode).toBe(
      400,
    );
    expect((await req(a, "POST", `/api/users/${a.id}/export-history`, { ...entry("scan-index-csv"), status: "done" })).statusCode).toBe(
      400,
    );
    expect((await req(a, "POST", `/api/users/${a.id}/export-history`, { ...entry("scan-index-csv"), size: -1 })).statusCode).toBe(400);
    expect(await historyOf(a.id)).toEqual([]);
    expect(await historyOf(b.id)).toEqual([]);
  });
});
