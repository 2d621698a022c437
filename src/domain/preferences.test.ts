import { describe, expect, it } from "vitest";
import { orderCategories, PreferencesAnswerSchema, PreferencesSchema } from "./preferences";

describe("orderCategories (spec §2)", () => {
  it.each([
    ["storage", ["photos", "files", "apps", "email"]],
    ["organize", ["files", "email", "photos", "apps"]],
    ["privacy", ["apps", "email", "photos", "files"]],
    ["productivity", ["apps", "email", "files", "photos"]],
  ] as const)("with no data types chosen follows the %s goal's order", (primaryGoal, order) => {
    expect(orderCategories({ primaryGoal, dataTypes: [] })).toEqual(order);
  });

  it("puts the chosen data types first, in the order chosen, then the rest by the goal", () => {
    expect(orderCategories({ primaryGoal: "storage", dataTypes: ["email", "apps"] })).toEqual(["email", "apps", "photos", "files"]);
    expect(orderCategories({ primaryGoal: "privacy", dataTypes: ["files"] })).toEqual(["files", "apps", "email", "photos"]);
    expect(orderCategories({ primaryGoal: "organize", dataTypes: ["photos", "email"] })).toEqual(["photos", "email", "files", "apps"]);
    expect(orderCategories({ primaryGoal: "productivity", dataTypes: ["photos", "files", "apps", "email"] })).toEqual([
      "photos",
      "files",
      "apps",
      "email",
    ]);
  });

  it("falls back to the storage order without preferences", () => {
    expect(orderCategories(null)).toEqual(["photos", "files", "apps", "email"]);
    expect(orderCategories(undefined)).toEqual(["photos", "files", "apps", "email"]);
  });
});

describe("PreferencesSchema", () => {
  it("refuses a data type listed twice, an unknown type or goal", () => {
    expect(PreferencesSchema.safeParse({ primaryGoal: "storage", dataTypes: ["apps", "apps"] }).success).toBe(false);
    expect(PreferencesSchema.safeParse({ primaryGoal: "storage", dataTypes: ["music"] }).success).toBe(false);
    expect(PreferencesSchema.safeParse({ primaryGoal: "fame", dataTypes: [] }).success).toBe(false);
  });

  it("takes either preferences or a skip as an answer, nothing else", () => {
    expect(PreferencesAnswerSchema.safeParse({ skipped: true }).success).toBe(true);
    expect(PreferencesAnswerSchema.safeParse({ primaryGoal: "privacy", dataTypes: ["apps"] }).success).toBe(true);
    expect(PreferencesAnswerSchema.safeParse({ skipped: false }).success).toBe(false);
    expect(PreferencesAnswerSchema.safeParse({ primaryGoal: "privacy", dataTypes: [], skipped: true }).success).toBe(false);
  });
});
