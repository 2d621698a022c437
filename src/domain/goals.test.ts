import { describe, expect, it } from "vitest";
import { buildSummary } from "./testing/build-summary";
import { healthGain } from "./cleanup-impact";
import { dailyGoalTarget, goalProgress, pickQuickWins } from "./goals";
import { scoreSummary } from "./health-score";
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

describe("quick wins (spec §9; gains from the real score function, issue 16)", () => {
  // 100 files: 10 duplicate photo copies (share 0.1), 2 of 10 apps unused, 60 of 100 e-mails unread.
  const summary = buildSummary({
    categories: { photo: { count: 40, bytes: 400 }, document: { count: 60, bytes: 600 } },
    duplicateGroups: 5,
    duplicateFiles: 10,
    duplicateBytes: 100,
    photosDuplicates: 10,
    photosDuplicateBytes: 100,
    largeFiles: 0,
    largeBytes: 0,
    oldFiles: 0,
    oldBytes: 0,
    emptyFiles: 0,
    appsCount: 10,
    appsUnused: 2,
    emailCount: 100,
    emailUnread: 60,
  });

  it("applies each condition with its time, and the gain is the score after minus the score now", () => {
    // Now: 100 − 12 (copies) − 6 (apps) − 15 (e-mail, capped) = 67.
    expect(scoreSummary(summary).score).toBe(67);
    const wins = pickQuickWins(summary);
    expect(wins.map((w) => [w.id, w.impact, w.timeEstimate])).toEqual([
      ["remove-duplicates", "+12 health", "2 min"],
      ["remove-apps", "+6 health", "3 min"],
      ["clean-email", "+15 health", "5 min"],
    ]);
    for (const w of wins)
      expect(w.gain).toBe(
        healthGain(summary, w.id === "remove-duplicates" ? "duplicate-photos" : w.id === "remove-apps" ? "unused-apps" : "unread-email"),
      );
  });

  it("offers nothing whose condition fails, and never a win that would not raise the score", () => {
    expect(
      pickQuickWins({
        ...summary,
        photosDuplicates: 0,
        photosDuplicateBytes: 0,
        duplicateFiles: 0,
        duplicateBytes: 0,
        appsUnused: 0,
        emailUnread: 50,
      }),
    ).toEqual([]);
    expect(pickQuickWins({ ...summary, appsCount: 0, appsUnused: 0 }).map((w) => w.id)).toEqual(["remove-duplicates", "clean-email"]);
  });

  it("never promises more than a factor's cap: unused apps give at most +15", () => {
    const worst = { ...summary, appsCount: 10, appsUnused: 10 };
    expect(pickQuickWins(worst).find((w) => w.id === "remove-apps")?.gain).toBe(15);
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
