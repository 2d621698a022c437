/**
 * What the "What left this device" panel may show of a payload: everything,
 * except secrets the user typed. A password (or a one-time reset token) is replaced by a
 * marker, at any depth, so the local log never holds one in clear.
 */
export const REDACTED = "•••• (not shown)";

/** Field names whose values are never kept in the log. */
export const SECRET_FIELDS: readonly string[] = ["password", "currentPassword", "newPassword", "confirmPassword", "token"];

const secret = new Set(SECRET_FIELDS);

export function redactPayload(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactPayload);
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, secret.has(k) ? REDACTED : redactPayload(v)]));
  }
  return value;
}
