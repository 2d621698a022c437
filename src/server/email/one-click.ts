/**
 * RFC 8058 one-click unsubscribe: a POST of "List-Unsubscribe=One-Click" to the URL the
 * sender put in the message. The URL is the sender's, so it gets the same SSRF guard as a
 * mail server: public address only (checked once and pinned), https only (plain http only
 * for allow-listed test hosts), no redirects followed, no cookies, a short timeout.
 */
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import type { LookupFunction } from "node:net";
import { isIP } from "node:net";
import { resolvePublicAddress } from "./ssrf-guard";

const TIMEOUT_MS = 10_000;

export async function postOneClick(url: string, allow: Set<string>, ca?: Buffer): Promise<boolean> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return false;
  }
  const host = target.hostname.replace(/^\[(.*)\]$/, "$1");
  const plainAllowed = target.protocol === "http:" && allow.has(host.toLowerCase());
  if (target.protocol !== "https:" && !plainAllowed) return false;
  const address = await resolvePublicAddress(host, allow);
  const pinned: LookupFunction = (_name, options, callback) => {
    if (options && (options as { all?: boolean }).all)
      (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family: isIP(address) }]);
    else callback(null, address, isIP(address));
  };
  const body = "List-Unsubscribe=One-Click";
  const send = target.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const req = send(
      target,
      {
        method: "POST",
        lookup: pinned,
        timeout: TIMEOUT_MS,
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "content-length": Buffer.byteLength(body),
          "user-agent": "CleanSpace-Unsubscribe/1.0",
        },
        ...(ca && target.protocol === "https:" ? { ca } : {}),
      },
      (res) => {
        res.resume();
        resolve((res.statusCode ?? 0) >= 200 && (res.statusCode ?? 0) < 300);
      },
    );
    req.on("timeout", () => req.destroy());
    req.on("error", () => resolve(false));
    req.end(body);
  });
}
