/** Display helpers for the Insights screen. Days are calendar dates (YYYY-MM-DD), shown in UTC so they never shift. */
import { formatCount, formatBytes } from "../../../domain/format";

export function formatDay(date: string, opts: Intl.DateTimeFormatOptions = { weekday: "short", month: "short", day: "numeric" }): string {
  const d = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? date : d.toLocaleDateString("en-US", { ...opts, timeZone: "UTC" });
}

export function formatDateTime(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });
}

export const percent = (fraction: number) => `${Math.round(fraction * 100)}%`;

export function formatMinutes(minutes: number): string {
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60 ? `${minutes % 60} min` : ""}`.trim();
}

/** Achievement progress in its unit: "3 / 7 days", "120 MB / 1 GB". */
export function formatProgress(value: number, max: number, unit: "days" | "bytes" | "points" | "items"): string {
  if (unit === "bytes") return `${formatBytes(value)} / ${formatBytes(max)}`;
  const v = formatCount(Math.round(value));
  const m = formatCount(max);
  return unit === "points" ? `${v} / ${m}` : `${v} / ${m} ${unit}`;
}
