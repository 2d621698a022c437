/**
 * File names are bytes; the CLI's plans, journals and reports hold strings. A name that is
 * valid UTF-8 becomes its text. A byte that is not part of valid UTF-8 becomes the lone
 * surrogate U+DC80 + byte (Python's "surrogateescape", PEP 383): no valid UTF-8 decodes to a
 * lone surrogate, so two different names never become the same string, and the bytes come
 * back exactly (decision 026). Every open, move and compare goes through `pathBytes`.
 */

const ESCAPE_BASE = 0xdc00;

/** The string of a name's bytes: valid UTF-8 as text, every other byte as U+DC80–U+DCFF. */
export function nameFromBytes(bytes: Uint8Array): string {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = buffer.toString("utf8");
  // The common case: valid UTF-8 that holds no escape-looking character already.
  if (!text.includes("\ufffd") || Buffer.from(text, "utf8").equals(buffer)) return text;
  let out = "";
  let i = 0;
  while (i < buffer.length) {
    const length = sequenceLength(buffer, i);
    if (length === 0) {
      out += String.fromCharCode(ESCAPE_BASE + (buffer[i] as number));
      i += 1;
    } else {
      out += buffer.toString("utf8", i, i + length);
      i += length;
    }
  }
  return out;
}

/** The bytes a string from `nameFromBytes` stands for (any other string: its UTF-8). */
export function pathBytes(text: string): Buffer {
  if (!hasEscapedBytes(text)) return Buffer.from(text, "utf8");
  const parts: Buffer[] = [];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (!isEscapeAt(text, i)) continue;
    parts.push(Buffer.from(text.slice(start, i), "utf8"), Buffer.of(text.charCodeAt(i) - ESCAPE_BASE));
    start = i + 1;
  }
  parts.push(Buffer.from(text.slice(start), "utf8"));
  return Buffer.concat(parts);
}

/** True when the string names bytes that are not valid UTF-8. */
export function hasEscapedBytes(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (isEscapeAt(text, i)) return true;
  return false;
}

/** A lone low surrogate U+DC80–U+DCFF (one that does not close a surrogate pair). */
function isEscapeAt(text: string, i: number): boolean {
  const code = text.charCodeAt(i);
  if (code < 0xdc80 || code > 0xdcff) return false;
  const before = i > 0 ? text.charCodeAt(i - 1) : 0;
  return !(before >= 0xd800 && before <= 0xdbff);
}

/** Bytes of the valid UTF-8 sequence starting at `i` (RFC 3629: no overlongs, surrogates or > U+10FFFF), or 0. */
function sequenceLength(b: Buffer, i: number): number {
  const lead = b[i] as number;
  if (lead < 0x80) return 1;
  const cont = (k: number) => i + k < b.length && ((b[i + k] as number) & 0xc0) === 0x80;
  const second = b[i + 1] ?? 0;
  if (lead >= 0xc2 && lead <= 0xdf) return cont(1) ? 2 : 0;
  if (lead >= 0xe0 && lead <= 0xef) {
    if (!cont(1) || !cont(2)) return 0;
    if (lead === 0xe0 && second < 0xa0) return 0; // overlong
    if (lead === 0xed && second >= 0xa0) return 0; // a surrogate
    return 3;
  }
  if (lead >= 0xf0 && lead <= 0xf4) {
    if (!cont(1) || !cont(2) || !cont(3)) return 0;
    if (lead === 0xf0 && second < 0x90) return 0; // overlong
    if (lead === 0xf4 && second >= 0x90) return 0; // above U+10FFFF
    return 4;
  }
  return 0;
}

/** What to give an fs call for a path string: itself, or its bytes when it holds names that are not UTF-8. */
export function fsPath(path: string): string | Buffer {
  return hasEscapedBytes(path) ? pathBytes(path) : path;
}
