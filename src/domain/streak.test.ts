import { describe, expect, it } from "vitest";
import { addDays, daysAroundUtc, deviceLocalDate, isValidTimeZone, localDate } from "./dates";
import { currentStreakOn, lastSevenDays, markDay, recordActivity, streakWeek, type StreakState } from "./streak";

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

describe("one mark per day: the streak dots and the week grid (issue 38)", () => {
  const history = ["2026-02-26", "2026-02-28", "2026-03-01", "2026-03-02"];

  it("marks a day done, today, missed or upcoming", () => {
    const seen = new Set(history);
    expect(markDay("2026-03-02", seen, "2026-03-02")).toBe("done");
    expect(markDay("2026-03-03", seen, "2026-03-03")).toBe("today");
    expect(markDay("2026-02-27", seen, "2026-03-03")).toBe("missed");
    expect(markDay("2026-03-04", seen, "2026-03-03")).toBe("upcoming");
    // A date in the history after today (another device's clock ahead) is not drawn as done yet.
    expect(markDay("2026-03-04", new Set(["2026-03-04"]), "2026-03-03")).toBe("upcoming");
  });

  it("draws the week Monday to Sunday around today, across a month end", () => {
    // 2026-03-01 is a Sunday: its week starts on Monday 2026-02-23.
    const week = streakWeek(history, "2026-03-01");
    expect(week.map((d) => d.date)).toEqual([
      "2026-02-23",
      "2026-02-24",
      "2026-02-25",
      "2026-02-26",
      "2026-02-27",
      "2026-02-28",
      "2026-03-01",
    ]);
    expect(week.map((d) => d.state)).toEqual(["missed", "missed", "missed", "done", "missed", "done", "done"]);
    // A Monday starts a new week, today first.
    expect(streakWeek(history, "2026-03-02").map((d) => d.state)).toEqual(["done", ...Array(6).fill("upcoming")]);
    expect(streakWeek([], "2024-02-29")[3]).toEqual({ date: "2024-02-29", state: "today" });
    expect(streakWeek([], "2026-12-31").map((d) => d.date)).toEqual([
      "2026-12-28",
      "2026-12-29",
      "2026-12-30",
      "2026-12-31",
      "2027-01-01",
      "2027-01-02",
      "2027-01-03",
    ]);
  });

  it("gives every day the dots and the grid both show the same mark, for every weekday", () => {
    for (let i = 0; i < 14; i++) {
      const today = addDays("2026-02-23", i);
      const week = new Map(streakWeek(history, today).map((d) => [d.date, d.state]));
      const dots = lastSevenDays(history, today);
      for (const dot of dots) if (week.has(dot.date)) expect(week.get(dot.date), `${dot.date} on ${today}`).toBe(dot.state);
      // Today is in both, marked once.
      expect(dots.at(-1)!.date).toBe(today);
      expect([...week.entries()].filter(([, s]) => s === "today").length).toBe(history.includes(today) ? 0 : 1);
    }
  });

  it("moves the mark at the user's own midnight, not the server's", () => {
    // 23:30 UTC on Sunday 1 March is already Monday 2 March in Berlin, still Sunday in Los Angeles.
    const at = new Date("2026-03-01T23:30:00Z");
    const berlin = localDate(at, "Europe/Berlin");
    const la = localDate(at, "America/Los_Angeles");
    expect(streakWeek([], berlin).find((d) => d.state === "today")!.date).toBe("2026-03-02");
    expect(streakWeek([], berlin)[0]!.date).toBe("2026-03-02");
    expect(streakWeek([], la).find((d) => d.state === "today")!.date).toBe("2026-03-01");
    expect(streakWeek([], la)[6]!.date).toBe("2026-03-01");
    expect(lastSevenDays([], berlin).at(-1)).toEqual({ date: "2026-03-02", state: "today" });
    // A minute before and after midnight in Kiritimati (UTC+14) and Pago Pago (UTC−11).
    expect(localDate(new Date("2026-03-01T09:59:00Z"), "Pacific/Kiritimati")).toBe("2026-03-01");
    expect(localDate(new Date("2026-03-01T10:00:00Z"), "Pacific/Kiritimati")).toBe("2026-03-02");
    expect(localDate(new Date("2026-03-02T10:59:00Z"), "Pacific/Pago_Pago")).toBe("2026-03-01");
    expect(localDate(new Date("2026-03-02T11:00:00Z"), "Pacific/Pago_Pago")).toBe("2026-03-02");
    // The device's own day is read from the same instant's local fields.
    const device = deviceLocalDate(at);
    expect(streakWeek([device], device).find((d) => d.date === device)!.state).toBe("done");
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
