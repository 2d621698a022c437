/**
 * The one CSV writer (RFC 4180), for every CSV the app or its tools write: the Organize
 * selection, the scan index, the early-access list.
 */
export type CsvValue = string | number | boolean | null | undefined;

/**
 * One field: quoted when it holds a comma, quote, CR or LF, quotes doubled. Text starting
 * with =, +, -, @, tab or CR is prefixed with ' so a spreadsheet never runs a file name or
 * an address as a formula (CSV injection); numbers are written as they are.
 */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  let s = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/** A header row and data rows, each line ended by CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [header, ...rows].map((r) => r.map(csvField).join(",")).join("\r\n") + "\r\n";
}
