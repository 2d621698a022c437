/** Hostile values the probes and the fuzzer put wherever a route reads input. */

export const SQL_PAYLOADS = [
  "' OR '1'='1",
  "1; DROP TABLE users; --",
  "'); DELETE FROM sessions; --",
  "1 UNION SELECT password FROM users",
  "$1::text",
  "\\'; SELECT pg_sleep(5); --",
];

export const SCRIPT_PAYLOADS = [
  "<script>alert(1)</script>",
  "<img src=x onerror=window.__xss=1>",
  "javascript:alert(1)",
  '"><svg onload=alert(1)>',
  "{{constructor.constructor('alert(1)')()}}",
];

/** Strings that have broken JSON, text and jsonb handling elsewhere (NUL, lone surrogates, RTL, huge). */
export const ODD_STRINGS = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "\udfff\ud800",
  "\u202e",
  "ﬀ",
  "💥".repeat(20),
  "x".repeat(10_000),
  "../../etc/passwd",
  "%00",
  "\r\nSet-Cookie: x=1",
];

export const HOSTILE_STRINGS = [...SQL_PAYLOADS, ...SCRIPT_PAYLOADS, ...ODD_STRINGS];

export const HOSTILE_NUMBERS = [-1, 0, 1.5, -0.5, 2 ** 31, 2 ** 53, -(2 ** 53), 1e308, -1e308, 5e-324];

/** Path-parameter values (sent percent-encoded): injection, traversal, overflow, odd characters. */
export const HOSTILE_PARAMS = [
  "0",
  "-1",
  "1.5",
  "1e3",
  "99999999999999999999",
  "2147483648",
  "abc",
  "1 OR 1=1",
  "1;DROP TABLE users",
  "\u0000",
  "../../etc/passwd",
  "<script>",
  "\u202e",
  "x".repeat(300),
];

/** A JSON body just over 1 MB (the largest route limit is the Stripe webhook's 1 MiB). */
export const OVERSIZED_BODY = JSON.stringify({ padding: "x".repeat(1_200_000) });

/** Bytes that are not UTF-8 (a lone continuation byte, an overlong form, 0xFF), inside JSON strings. */
export const BAD_UTF8 = (prefix: string, suffix: string) =>
  Buffer.concat([Buffer.from(prefix, "utf8"), Buffer.from([0xff, 0xfe, 0x80, 0xc0, 0xaf]), Buffer.from(suffix, "utf8")]);

export const MALFORMED_JSON = [
  '{"a":',
  "{'a': 1}",
  "{a:1}",
  "[1,2",
  '{"a":1}}',
  "undefined",
  "NaN",
  '{"a":01}',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
];

/** 10 KB and more of nesting: arrays, objects, and both mixed. */
export const DEEP_BODIES = [
  "[".repeat(10_000) + "]".repeat(10_000),
  '{"a":'.repeat(5_000) + "1" + "}".repeat(5_000),
  '[{"a":'.repeat(3_000) + "1" + "}]".repeat(3_000),
  // Just past the limit: the limit, not the stack, refuses it.
  "[".repeat(17) + "]".repeat(17),
];

/** Nesting the value of one field 2,000 levels deep (inside an otherwise valid body). */
export const deepValue = (depth = 2_000): unknown => JSON.parse("[".repeat(depth) + "]".repeat(depth));

/**
 * Numbers at and past every column's edge: int4, the byte bounds of
 * domain/limits.ts, the exact-integer edge of a double, and values only a float holds.
 */
export const EXTREME_NUMBERS = [
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31),
  -(2 ** 31) - 1,
  2 ** 32,
  2 ** 40,
  2 ** 40 + 1,
  2 ** 50,
  2 ** 50 + 1,
  2 ** 53 - 1,
  2 ** 53 + 2,
  -(2 ** 53),
  1e21,
  1e308,
  -0,
  5e-324,
  0.1 + 0.2,
];
