/** RFC 2369 List-Unsubscribe and RFC 8058 List-Unsubscribe-Post, read from raw header lines. */
export interface Unsubscribe {
  http: string | null;
  mailto: string | null;
  oneClick: boolean;
}

function headerValue(raw: string, name: string): string | null {
  // Unfold continuation lines first (RFC 5322 §2.2.3).
  const unfolded = raw.replace(/\r?\n[ \t]+/g, " ");
  const re = new RegExp(`^${name}:[ \\t]*(.*)$`, "im");
  return re.exec(unfolded)?.[1]?.trim() ?? null;
}

export function parseUnsubscribe(rawHeaders: string): Unsubscribe {
  const list = headerValue(rawHeaders, "List-Unsubscribe");
  const post = headerValue(rawHeaders, "List-Unsubscribe-Post");
  const targets = [...(list ?? "").matchAll(/<([^>]{1,2048})>/g)].map((m) => m[1]!.trim());
  const http = targets.find((t) => /^https?:\/\//i.test(t)) ?? null;
  const mailto = targets.find((t) => /^mailto:/i.test(t)) ?? null;
  return { http, mailto, oneClick: http !== null && post !== null && /List-Unsubscribe=One-Click/i.test(post) };
}

/** 2: one-click POST, 1: a link to open, 0: nothing offered. */
export function unsubscribeLevel(u: Unsubscribe): 0 | 1 | 2 {
  return u.oneClick ? 2 : u.http || u.mailto ? 1 : 0;
}
