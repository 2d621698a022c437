import { describe, expect, it } from "vitest";
import { z } from "zod";
import { CleanupEventResultSchema } from "../../domain/schemas/cleanup-event";
import { DigitalDataSchema } from "../../domain/schemas/digital-data";
import { scoreSummary } from "../../domain/health-score";
import { buildSummary } from "../../domain/testing/build-summary";
import { compiledSerializer, serializerFor } from "./compiled-serializer";

const goal = { target: 3, completed: 1, percent: 33, achieved: false };
const summary = buildSummary();
const scanned = {
  userId: 7,
  hasScanned: true,
  healthScore: 71,
  photosCount: 400,
  photosDuplicates: 30,
  photosStorage: 0.8,
  filesCount: 610,
  filesLarge: 2,
  filesStorage: 1.1,
  appsCount: 0,
  appsUnused: 0,
  appsStorage: 0,
  emailCount: 0,
  emailUnread: 0,
  emailStorage: 0,
  updatedAt: "2026-11-23T10:00:00.000Z",
  summary,
  scoreFactors: scoreSummary(summary).factors,
  goal,
  today: "2026-11-23",
};
const empty = { ...scanned, hasScanned: false, updatedAt: null, summary: null, scoreFactors: [] };
const event = {
  recorded: true,
  goal,
  streak: {
    userId: 7,
    currentStreak: 2,
    longestStreak: 5,
    lastActiveDate: null,
    streakHistory: ["2026-11-22", "2026-11-23"],
    today: "2026-11-23",
  },
};

describe("compiled response serializer", () => {
  it.each([
    ["a scanned user's digital data", DigitalDataSchema, scanned],
    ["an unscanned user's digital data", DigitalDataSchema, empty],
    ["a cleanup event's result", CleanupEventResultSchema, event],
  ] as const)("writes %s exactly as zod's encode did", (_, schema, data) => {
    expect(serializerFor(schema)(data)).toBe(JSON.stringify(z.encode(schema as z.ZodType, data)));
  });

  it("writes only the schema's fields, at every depth", () => {
    const extra = { ...scanned, passwordHash: "x", goal: { ...goal, secret: 1 } };
    expect(serializerFor(DigitalDataSchema)(extra)).toBe(JSON.stringify(z.encode(DigitalDataSchema, scanned)));
  });

  it("refuses, like zod's encode, a field a strict object does not have", () => {
    const extra = { ...scanned, summary: { ...summary, path: "/home/ann" } };
    expect(z.safeEncode(DigitalDataSchema, extra as never).success).toBe(false);
    expect(() => serializerFor(DigitalDataSchema)(extra)).toThrow();
  });

  it("refuses, at start-up, a schema JSON cannot express", () => {
    expect(() => compiledSerializer({ schema: z.object({ at: z.string().transform((s) => new Date(s)) }) })).toThrow();
    expect(() => compiledSerializer({ schema: { type: "object" } })).toThrow(TypeError);
  });
});
