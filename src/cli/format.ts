/** Text helpers for the human report: sizes, counts and paths that are safe to print. */
// Counts are formatted by hand (no ICU load at start-up), the same way on every screen.
export { formatBinaryBytes, formatCount, plural } from "../domain/format";

/**
 * A file name may hold newlines, escape sequences or right-to-left overrides; printed raw,
 * they would break the report or disguise a name. They are shown escaped instead.
 */
export function displayPath(path: string): string {
  // A byte of a name that is not UTF-8 (path-bytes.ts: a lone U+DC80–U+DCFF) shows as \xNN.
  const bytesShown = path.replace(/(?<![\ud800-\udbff])[\udc80-\udcff]/g, (c) => `\\x${(c.charCodeAt(0) - 0xdc00).toString(16)}`);
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  return bytesShown.replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, (c) => {
    if (c === "\n") return "\\n";
    if (c === "\t") return "\\t";
    if (c === "\r") return "\\r";
    const code = c.charCodeAt(0);
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16).padStart(4, "0")}`;
  });
}
