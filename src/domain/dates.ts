/**
 * Calendar days as YYYY-MM-DD strings: a user's day in their time zone, the device's day,
 * and day arithmetic without time zones. Shared by streaks, goals, insights and the server.
 */
/**
 * One day formatter per zone, kept for the process: building an Intl.DateTimeFormat loads the
 * zone from ICU each time, which measured 6 % of the server's CPU under load. Zone names
 * come from requests, so past MAX_CACHED_ZONES answers are computed but no longer kept.
 */
const dayFormatters = new Map<string, Intl.DateTimeFormat | null>();
const MAX_CACHED_ZONES = 1000;

function dayFormatter(zone: string): Intl.DateTimeFormat | null {
  let formatter = dayFormatters.get(zone);
  if (formatter === undefined) {
    try {
      formatter = new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" });
    } catch {
      formatter = null;
    }
    if (dayFormatters.size < MAX_CACHED_ZONES) dayFormatters.set(zone, formatter);
  }
  return formatter;
}

/** The YYYY-MM-DD of `at` in `timeZone`; UTC's date when the zone is unknown. */
export function localDate(at: Date, timeZone: string): string {
  return dayFormatter(timeZone)?.format(at) ?? at.toISOString().slice(0, 10);
}

/**
 * The YYYY-MM-DD of `at` on this device: the same day as localDate(at, the device's zone),
 * read from the Date's local fields, so a first screen need not load ICU data to know what
 * day it is.
 */
export function deviceLocalDate(at: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

export function isValidTimeZone(zone: string): boolean {
  return dayFormatter(zone) !== null;
}

/**
 * The dates "today" can be in any zone: a zone is at most a day from UTC (UTC−12 … UTC+14),
 * so one query can fetch a day's figures before the user's zone is known.
 */
export function daysAroundUtc(at: Date): [string, string, string] {
  const day = (offset: number) =>
    new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + offset)).toISOString().slice(0, 10);
  return [day(-1), day(0), day(1)];
}

/** The YYYY-MM-DD date `days` after `date` (negative goes back). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
