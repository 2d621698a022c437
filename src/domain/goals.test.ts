import { describe, expect, it } from "vitest";
import { dailyGoalTarget, goalProgress, pickQuickWins } from "./goals";
import { orderCategories } from "./preferences";

describe("daily goal (spec §9)", () => {
  it("sets 5 actions below 50, 3 from 50 to 79, 1 from 80", () => {
    expect([0, 49, 50, 79, 80, 100].map(dailyGoalTarget)).toEqual([5, 5, 3, 3, 1, 1]);
  });
  it("reports progress and 'achieved' when completed reaches the target", () => {
    expect(goalProgress(60, 1)).toEqual({ target: 3, completed: 1, percent: 33, achieved: false });
    expect(goalProgress(60, 3)).toMatchObject({ percent: 100, achieved: true });
    expect(goalProgress(90, 4)).toMatchObject({ percent: 100, achieved: true });
  });
});

describe("quick wins (spec §9)", () => {
  it("applies each condition and its health gain and time", () => {
    expect(pickQuickWins({ photosDuplicates: 0, appsUnused: 0, emailUnread: 50 })).toEqual([]);
    const all = pickQuickWins({ photosDuplicates: 3, appsUnused: 2, emailUnread: 51 });
    expect(all.map((w) => [w.id, w.impact, w.timeEstimate])).toEqual([
      ["remove-duplicates", "+15 health", "2 min"],
      ["remove-apps", "+20 health", "3 min"],
      ["clean-email", "+10 health", "5 min"],
    ]);
  });
});

describe("category order (spec §2)", () => {
  it("puts chosen data types first, then the rest by primary goal", () => {
    expect(orderCategories(null)).toEqual(["photos", "files", "apps", "email"]);
    expect(orderCategories({ primaryGoal: "organize", dataTypes: [] })).toEqual(["files", "email", "photos", "apps"]);
    expect(orderCategories({ primaryGoal: "privacy", dataTypes: ["files"] })).toEqual(["files", "apps", "email", "photos"]);
    // The chosen ones keep the order the user picked them in (spec §2: only "the remaining ones" follow the goal).
    expect(orderCategories({ primaryGoal: "productivity", dataTypes: ["photos", "email"] })).toEqual(["photos", "email", "apps", "files"]);
  });
});
