const DAY_MS = 86_400_000;
/** 10000-01-01T00:00:00Z: from there on Date writes a six-digit year. */
const YEAR_10000_MS = 253_402_300_800_000;
/** "HH:MM:" by minute of the day, "SS." by second, "mmmZ" by millisecond: the time part is three entries. Made on first use. */
let tables: { minutes: string[]; seconds: string[]; milliseconds: string[] } | null = null;

function timeTables(): NonNullable<typeof tables> {
  const two = Array.from({ length: 60 }, (_, n) => String(n).padStart(2, "0"));
  const minutes = new Array<string>(1440);
  for (let m = 0; m < 1440; m++) minutes[m] = `${two[Math.floor(m / 60)]}:${two[m % 60]}:`;
  return {
    minutes,
    seconds: two.map((ss) => `${ss}.`),
    milliseconds: Array.from({ length: 1000 }, (_, n) => `${String(n).padStart(3, "0")}Z`),
  };
}
/** "YYYY-MM-DDT" by day number: a scan's files share a few thousand days at most. */
const dayPrefixes = new Map<number, string>();

/**
 * `new Date(ms).toISOString()`, the same string, faster for whole ms from 1970 on: the date
 * part is made once per day, the time part from three small tables. The JSON report writes one
 * per old file, in a process the JIT has not optimised yet, where toISOString's general
 * formatting is the larger cost. Anything else goes to Date.
 */
export function isoUtc(ms: number): string {
  if (!Number.isInteger(ms) || ms < 0 || ms >= YEAR_10000_MS) return new Date(ms).toISOString();
  const day = Math.floor(ms / DAY_MS);
  let prefix = dayPrefixes.get(day);
  if (prefix === undefined) {
    if (dayPrefixes.size > 10_000) dayPrefixes.clear();
    prefix = new Date(day * DAY_MS).toISOString().slice(0, 11);
    dayPrefixes.set(day, prefix);
  }
  const time = ms - day * DAY_MS;
  const seconds = Math.floor(time / 1000);
  tables ??= timeTables();
  // Three joins, not eight: each + makes a string, and this runs once per old file, unoptimised.
  return prefix + tables.minutes[Math.floor(seconds / 60)] + tables.seconds[seconds % 60] + tables.milliseconds[time % 1000];
}
