import { describe, expect, it } from "vitest";
import { nextReminderAt } from "./reminders";

describe("nextReminderAt", () => {
  it("is today at the hour while the hour is still ahead", () => {
    const next = nextReminderAt(new Date(2026, 2, 10, 8, 30), 19);
    expect([next.getFullYear(), next.getMonth(), next.getDate(), next.getHours(), next.getMinutes()]).toEqual([2026, 2, 10, 19, 0]);
  });

  it("is tomorrow once the hour has come, including exactly on it", () => {
    for (const now of [new Date(2026, 2, 10, 19, 0, 0, 0), new Date(2026, 2, 10, 23, 59)]) {
      const next = nextReminderAt(now, 19);
      expect([next.getDate(), next.getHours()]).toEqual([11, 19]);
    }
  });

  it("rolls over the end of a month and a year", () => {
    const next = nextReminderAt(new Date(2026, 11, 31, 20, 0), 19);
    expect([next.getFullYear(), next.getMonth(), next.getDate(), next.getHours()]).toEqual([2027, 0, 1, 19]);
  });
});
