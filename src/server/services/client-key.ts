/**
 * The key per-client limits count under. `request.ip` is the socket peer unless TRUST_PROXY
 * names the proxy in front, so a client cannot pick it with X-Forwarded-For.
 * An IPv6 client usually holds a whole /64, so IPv6 addresses count per /64: otherwise one
 * host could rotate through 2^64 addresses to escape every limit.
 */
import { isIPv6 } from "node:net";

export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = "", tail = ""] = ip.toLowerCase().split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = ip.includes("::") ? [...headGroups, ...Array<string>(Math.max(missing, 0)).fill("0"), ...tailGroups] : headGroups;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}
