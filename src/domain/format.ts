/** Human formats shared by screens, reports and the CLI. */

/** Decimal units (1 KB = 1,000 B), as operating systems' storage screens count: every screen uses these. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return "0 B";
  const units = ["B", "KB", "MB", "GB", "TB"];
  let value = bytes;
  let i = 0;
  while (value >= 1000 && i < units.length - 1) {
    value /= 1000;
    i++;
  }
  return `${value >= 100 || i === 0 ? Math.round(value) : value.toFixed(1)} ${units[i]}`;
}

const IEC_UNITS = ["B", "KiB", "MiB", "GiB", "TiB", "PiB"];

/** Binary units (1 KiB = 1,024 B), labelled as such: the CLI's reports, like du and jdupes. */
export function formatBinaryBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return "0 B";
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < IEC_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${bytes} B` : `${value.toFixed(value < 10 ? 2 : 1)} ${IEC_UNITS[unit]}`;
}

/**
 * A whole count with thousands separators (12,345), as toLocaleString("en-US") writes it, by
 * hand: the first toLocaleString of a page or process loads ICU data, which would be most of
 * the dashboard's blocking time (more still on a throttled phone).
 */
export function formatCount(n: number): string {
  return String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}
