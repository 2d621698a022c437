import { describe, expect, it } from "vitest";
import { addDays, daysAroundUtc, deviceLocalDate, isValidTimeZone, localDate } from "./dates";
import { currentStreakOn, lastSevenDays, recordActivity, type StreakState } from "./streak";

const empty: StreakState = { currentStreak: 0, longestStreak: 0, lastActiveDate: null, streakHistory: [] };

describe("streaks", () => {
  it("extends on consecutive days, counts a day once, resets after a gap, keeps the longest", () => {
    let s = recordActivity(empty, "2026-03-01");
    s = recordActivity(s, "2026-03-01");
    expect(s.currentStreak).toBe(1);
    s = recordActivity(recordActivity(s, "2026-03-02"), "2026-03-03");
    expect(s).toMatchObject({ currentStreak: 3, longestStreak: 3, lastActiveDate: "2026-03-03" });
    s = recordActivity(s, "2026-03-05");
    expect(s).toMatchObject({ currentStreak: 1, longestStreak: 3 });
    expect(s.streakHistory).toEqual(["2026-03-01", "2026-03-02", "2026-03-03", "2026-03-05"]);
  });

  it("crosses month and year ends and leap days", () => {
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    const s = recordActivity(recordActivity(empty, "2026-12-31"), "2027-01-01");
    expect(s.currentStreak).toBe(2);
  });

  it("shows a broken streak as 0 from the day after tomorrow", () => {
    const s = recordActivity(empty, "2026-03-01");
    expect(currentStreakOn(s, "2026-03-02")).toBe(1);
    expect(currentStreakOn(s, "2026-03-03")).toBe(0);
  });

  it("counts the day in the user's own time zone", () => {
    const at = new Date("2026-03-01T23:30:00Z");
    expect(localDate(at, "UTC")).toBe("2026-03-01");
    expect(localDate(at, "Europe/Berlin")).toBe("2026-03-02");
    expect(localDate(at, "America/Los_Angeles")).toBe("2026-03-01");
    expect(localDate(at, "Not/AZone")).toBe("2026-03-01");
  });

  it("draws the last 7 days: done, today, missed", () => {
    const dots = lastSevenDays(["2026-03-01", "2026-03-06"], "2026-03-07");
    expect(dots.map((d) => d.state)).toEqual(["done", "missed", "missed", "missed", "missed", "done", "today"]);
    expect(lastSevenDays(["2026-03-07"], "2026-03-07").at(-1)!.state).toBe("done");
  });
});

describe("localDate and isValidTimeZone (cached formatter per zone)", () => {
  const zones = [
    ...Intl.supportedValuesOf("timeZone"),
    "UTC",
    "Etc/GMT+12",
    "Etc/GMT-14",
    "Asia/Kathmandu",
    "Australia/Eucla",
    "Pacific/Chatham",
  ];
  // Around midnight UTC, a DST change, the turn of a year, and now.
  const instants = [
    "2025-01-01T00:00:00Z",
    "2024-12-31T11:30:00Z",
    "2025-03-30T01:00:00Z",
    "2025-10-26T00:59:59Z",
    "2025-06-15T23:45:00Z",
    new Date().toISOString(),
  ].map((s) => new Date(s));
  const fresh = (at: Date, zone: string) =>
    new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" }).format(at);

  it("gives what a fresh formatter gives, twice, for every zone; every day is within a day of UTC's", () => {
    for (const at of instants) {
      const around = daysAroundUtc(at);
      for (const zone of zones) {
        expect(localDate(at, zone)).toBe(fresh(at, zone));
        expect(localDate(at, zone)).toBe(fresh(at, zone));
        expect(around).toContain(localDate(at, zone));
      }
    }
  });

  it("refuses unknown zones and falls back to UTC's date for them", () => {
    for (const zone of ["Mars/Olympus", "", "Europe/Paris ", "../../etc"]) expect(isValidTimeZone(zone)).toBe(false);
    expect(isValidTimeZone("Europe/Paris")).toBe(true);
    expect(localDate(instants[0]!, "Mars/Olympus")).toBe("2025-01-01");
  });

  it("lists yesterday, today and tomorrow in UTC", () => {
    expect(daysAroundUtc(new Date("2025-03-01T23:59:59Z"))).toEqual(["2025-02-28", "2025-03-01", "2025-03-02"]);
  });
});

describe("deviceLocalDate (no ICU)", () => {
  it.each(["Pacific/Kiritimati", "America/Los_Angeles", "Asia/Kolkata", "UTC"])(
    "is the device's calendar day, as localDate gives it, in %s",
    (zone) => {
      const saved = process.env.TZ;
      process.env.TZ = zone;
      try {
        for (const iso of ["2026-01-01T00:30:00Z", "2026-03-08T10:59:00Z", "2026-06-30T23:59:00Z", "2026-12-31T13:00:00Z"]) {
          const at = new Date(iso);
          expect(deviceLocalDate(at), iso).toBe(localDate(at, zone));
        }
      } finally {
        if (saved === undefined) delete process.env.TZ;
        else process.env.TZ = saved;
      }
    },
  );
});
