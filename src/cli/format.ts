/** Text helpers for the human report: sizes, counts and paths that are safe to print. */
const UNITS = ["B", "KiB", "MiB", "GiB", "TiB", "PiB"];

/** Binary units, like the 100 MiB "large" line they are compared with. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${bytes} B` : `${value.toFixed(value < 10 ? 2 : 1)} ${UNITS[unit]}`;
}

// Counts are formatted by hand (no ICU load at start-up), the same way on every screen.
export { formatCount, plural } from "../domain/format";

/**
 * A file name may hold newlines, escape sequences or right-to-left overrides; printed raw,
 * they would break the report or disguise a name. They are shown escaped instead.
 */
export function displayPath(path: string): string {
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  return path.replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, (c) => {
    if (c === "\n") return "\\n";
    if (c === "\t") return "\\t";
    if (c === "\r") return "\\r";
    const code = c.charCodeAt(0);
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16).padStart(4, "0")}`;
  });
}
