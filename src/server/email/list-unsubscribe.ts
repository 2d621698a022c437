/** RFC 2369 List-Unsubscribe and RFC 8058 List-Unsubscribe-Post, read from raw header lines. */
import { headerFields } from "./from-header";

export interface Unsubscribe {
  http: string | null;
  mailto: string | null;
  /** An RFC 8058 one-click POST may be sent: the sender asked for it and the URL is https. */
  oneClick: boolean;
  /** The sender asked for one-click over plain http, which RFC 8058 §3 forbids: the link is offered instead, with a warning. */
  insecureOneClick: boolean;
}

export function parseUnsubscribe(rawHeaders: string): Unsubscribe {
  const fields = headerFields(rawHeaders);
  return unsubscribeFrom(fields.get("list-unsubscribe") ?? null, fields.get("list-unsubscribe-post") ?? null);
}

/** From the two fields' values (null: absent). */
export function unsubscribeFrom(list: string | null, post: string | null): Unsubscribe {
  const targets = [...(list ?? "").matchAll(/<([^>]{1,2048})>/g)].map((m) => m[1]!.trim());
  const http = targets.find((t) => /^https:\/\//i.test(t)) ?? targets.find((t) => /^http:\/\//i.test(t)) ?? null;
  const mailto = targets.find((t) => /^mailto:/i.test(t)) ?? null;
  const asked = http !== null && post !== null && /List-Unsubscribe=One-Click/i.test(post);
  const secure = http !== null && /^https:\/\//i.test(http);
  return { http, mailto, oneClick: asked && secure, insecureOneClick: asked && !secure };
}

/** 2: one-click POST, 1: a link to open, 0: nothing offered. */
export function unsubscribeLevel(u: Unsubscribe): 0 | 1 | 2 {
  return u.oneClick ? 2 : u.http || u.mailto ? 1 : 0;
}
