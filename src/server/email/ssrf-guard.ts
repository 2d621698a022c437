/**
 * The server connects to mail servers (and one-click unsubscribe URLs) the user names, so it
 * must never be turned against its own network (SSRF): a host is resolved once,
 * every address it resolves to must be public, and the connection goes to that checked
 * address (a second lookup could answer differently: DNS rebinding). IMAP_ALLOW_HOSTS lists
 * the exceptions (the tests' local Dovecot and unsubscribe endpoint), by name or address.
 */
import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";
import { HttpError } from "../plugins/errors";

const blocked = new BlockList();
for (const [net, bits] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  blocked.addSubnet(net, bits, "ipv4");
for (const [net, bits] of [
  // No ::ffff:0:0/96 rule: BlockList would apply it to every IPv4 address. Mapped addresses
  // are unwrapped and judged as IPv4 below.
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96],
  ["100::", 64],
  ["2001::", 23],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const)
  blocked.addSubnet(net, bits, "ipv6");

/** True for loopback, private, link-local, carrier-grade NAT, documentation, multicast and reserved addresses. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  // An IPv4-mapped IPv6 address (::ffff:1.2.3.4 or ::ffff:102:304) is judged as the IPv4 address it carries.
  const mapped = /^(?:0{0,4}:){0,5}:?ffff:(.+)$/i.exec(address)?.[1];
  if (family === 6 && mapped) {
    if (isIP(mapped) === 4) return blocked.check(mapped, "ipv4");
    const hex = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(mapped);
    if (!hex) return true;
    const [hi, lo] = [parseInt(hex[1]!, 16), parseInt(hex[2]!, 16)];
    return blocked.check(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`, "ipv4");
  }
  return blocked.check(address, family === 4 ? "ipv4" : "ipv6");
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
