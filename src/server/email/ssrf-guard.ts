/**
 * The server connects to mail servers (and one-click unsubscribe URLs) the user names, so it
 * must never be turned against its own network (SSRF): a host is resolved once,
 * every address it resolves to must be public, and the connection goes to that checked
 * address (a second lookup could answer differently: DNS rebinding). IMAP_ALLOW_HOSTS lists
 * the exceptions (the tests' local Dovecot and unsubscribe endpoint), by name or address.
 */
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";
import { HttpError } from "../plugins/errors";

/**
 * IPv6 space IANA has allocated for global unicast (RFC 4291 §2.4: 2000::/3). Everything
 * outside it is special or reserved by the IETF — ::/96 "IPv4-compatible" addresses such as
 * ::7f00:1, 64:ff9b:1::/48 (local-use NAT64), fec0::/10 (old site-local) — and is refused
 * whatever ipaddr.js calls it.
 */
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR("2000::/3");

/**
 * True for every address that is not plain public unicast. ipaddr.js (the classification
 * proxy-addr uses) names each block of IANA's IPv4 and IPv6 special-purpose registries;
 * only its "unicast" (no special block) passes. IPv6 must also lie in 2000::/3, and an
 * IPv4-mapped address is judged as the IPv4 address it carries. Blocks that carry an IPv4
 * address inside (6to4, Teredo, NAT64) are refused whole: no public mail server needs them,
 * and their embedded address could be private.
 */
export function isPrivateAddress(address: string): boolean {
  if (isIP(address) === 0 || !ipaddr.isValid(address)) return true;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv6") {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) parsed = v6.toIPv4Address();
    else return v6.range() !== "unicast" || !v6.match(GLOBAL_UNICAST_V6);
  }
  return parsed.range() !== "unicast";
}

export function parseAllowList(value: string | undefined): Set<string> {
  return new Set(
    (value ?? "")
      .split(",")
      .map((v) => v.trim().toLowerCase())
      .filter(Boolean),
  );
}

const LOOKUP_TIMEOUT_MS = 5_000;

export class BlockedHostError extends HttpError {
  constructor(message: string) {
    super(422, message);
  }
}

/**
 * The address to connect to for `host`, checked. Throws a 422 for a private address (unless
 * allow-listed), an unknown host, or a lookup that takes too long.
 */
export async function resolvePublicAddress(host: string, allow: Set<string>): Promise<string> {
  const name = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, "$1");
  let addresses: string[];
  if (isIP(name)) addresses = [name];
  else {
    let timer: NodeJS.Timeout | undefined;
    try {
      const found = await Promise.race([
        lookup(name, { all: true, verbatim: true }),
        new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error("lookup timeout")), LOOKUP_TIMEOUT_MS))),
      ]);
      addresses = found.map((a) => a.address);
    } catch {
      throw new BlockedHostError(`The server name "${host}" could not be found. Check the spelling.`);
    } finally {
      clearTimeout(timer);
    }
  }
  if (addresses.length === 0) throw new BlockedHostError(`The server name "${host}" could not be found. Check the spelling.`);
  if (allow.has(name)) return addresses[0]!;
  for (const address of addresses) {
    if (isPrivateAddress(address) && !allow.has(address)) {
      throw new BlockedHostError("That server is on a private or local network address; CleanSpace only connects to public mail servers.");
    }
  }
  return addresses[0]!;
}
