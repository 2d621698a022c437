/**
 * The SSRF guard against every block of IANA's IPv4 and IPv6 special-purpose address
 * registries (plus multicast and the IETF-reserved IPv6 space), and the forms issue 39 #11
 * found passing: IPv4-compatible ::/96, local-use NAT64, 6to4 carrying a private address,
 * site-local fec0::/10. One case per block, with an address inside it; public neighbours
 * just outside a block must still pass.
 */
import { describe, expect, it } from "vitest";
import { isPrivateAddress, resolvePublicAddress } from "./ssrf-guard";

/** [block, an address inside it] — IANA IPv4 Special-Purpose Address Registry, and multicast. */
const IPV4_BLOCKS: [string, string][] = [
  ["0.0.0.0/8 this network", "0.1.2.3"],
  ["0.0.0.0/32 this host", "0.0.0.0"],
  ["10.0.0.0/8 private", "10.200.3.4"],
  ["100.64.0.0/10 shared (CGNAT)", "100.127.255.254"],
  ["127.0.0.0/8 loopback", "127.8.9.10"],
  ["169.254.0.0/16 link-local", "169.254.169.254"],
  ["172.16.0.0/12 private", "172.31.255.1"],
  ["192.0.0.0/24 IETF protocol assignments", "192.0.0.170"],
  ["192.0.0.0/29 IPv4 service continuity", "192.0.0.1"],
  ["192.0.0.8/32 dummy address", "192.0.0.8"],
  ["192.0.0.9/32 PCP anycast", "192.0.0.9"],
  ["192.0.0.10/32 TURN anycast", "192.0.0.10"],
  ["192.0.2.0/24 TEST-NET-1", "192.0.2.33"],
  ["192.31.196.0/24 AS112-v4", "192.31.196.1"],
  ["192.52.193.0/24 AMT", "192.52.193.1"],
  ["192.88.99.0/24 deprecated 6to4 relay anycast", "192.88.99.1"],
  ["192.168.0.0/16 private", "192.168.1.1"],
  ["192.175.48.0/24 direct delegation AS112", "192.175.48.6"],
  ["198.18.0.0/15 benchmarking", "198.19.0.1"],
  ["198.51.100.0/24 TEST-NET-2", "198.51.100.7"],
  ["203.0.113.0/24 TEST-NET-3", "203.0.113.9"],
  ["224.0.0.0/4 multicast", "239.255.255.250"],
  ["240.0.0.0/4 reserved", "250.1.2.3"],
  ["255.255.255.255/32 limited broadcast", "255.255.255.255"],
];

/** IANA IPv6 Special-Purpose Address Registry, multicast, and the space outside 2000::/3. */
const IPV6_BLOCKS: [string, string][] = [
  ["::1/128 loopback", "::1"],
  ["::/128 unspecified", "::"],
  ["::ffff:0:0/96 IPv4-mapped (private inside)", "::ffff:192.168.0.1"],
  ["64:ff9b::/96 IPv4-IPv6 translation", "64:ff9b::a00:1"],
  ["64:ff9b:1::/48 local-use IPv4-IPv6 translation", "64:ff9b:1::a00:1"],
  ["100::/64 discard-only", "100::1"],
  ["100:0:0:1::/64 dummy prefix", "100:0:0:1::1"],
  ["2001::/23 IETF protocol assignments", "2001:1ff::1"],
  ["2001::/32 Teredo", "2001:0:4136:e378:8000:63bf:3fff:fdd2"],
  ["2001:1::1/128 PCP anycast", "2001:1::1"],
  ["2001:1::2/128 TURN anycast", "2001:1::2"],
  ["2001:1::3/128 DNS-SD SRP anycast", "2001:1::3"],
  ["2001:2::/48 benchmarking", "2001:2::5"],
  ["2001:3::/32 AMT", "2001:3::1"],
  ["2001:4:112::/48 AS112-v6", "2001:4:112::1"],
  ["2001:10::/28 deprecated ORCHID", "2001:10::1"],
  ["2001:20::/28 ORCHIDv2", "2001:20::1"],
  ["2001:30::/28 drone remote ID", "2001:30::1"],
  ["2001:db8::/32 documentation", "2001:db8::1"],
  ["2002::/16 6to4 (private IPv4 inside)", "2002:a00:1::1"],
  ["2002::/16 6to4 (loopback inside)", "2002:7f00:1::1"],
  ["2002::/16 6to4 (192.168.1.1 inside)", "2002:c0a8:101::1"],
  ["2620:4f:8000::/48 direct delegation AS112", "2620:4f:8000::1"],
  ["3fff::/20 documentation", "3fff:fff::1"],
  ["5f00::/16 segment routing SIDs", "5f00::1"],
  ["fc00::/7 unique local", "fd12:3456::1"],
  ["fe80::/10 link-local", "fe80::1"],
  ["fec0::/10 deprecated site-local", "fec0::1"],
  ["ff00::/8 multicast", "ff02::1"],
  ["::/96 IPv4-compatible (127.0.0.1)", "::7f00:1"],
  ["::/96 IPv4-compatible (10.0.0.1)", "::a00:1"],
  ["::/96 IPv4-compatible, dotted", "::10.0.0.1"],
  ["::/96 IPv4-compatible (public 8.8.8.8 inside: deprecated form)", "::808:808"],
  ["4000::/2 reserved by the IETF", "4000::1"],
  ["1000::/4 reserved by the IETF", "1000::1"],
  ["e000::/4 reserved by the IETF", "e000::1"],
];

describe("SSRF guard: every IANA special-purpose block is refused (issue 39 #11)", () => {
  it.each(IPV4_BLOCKS)("IPv4 %s: %s", (_block, address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(IPV6_BLOCKS)("IPv6 %s: %s", (_block, address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(IPV4_BLOCKS.map(([block, address]) => [block, `::ffff:${address}`]))("IPv4-mapped %s: %s", (_block, address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(["::7f00:1", "::a00:1", "64:ff9b:1::a00:1", "2002:a00:1::1", "fec0::1"])(
    "the request that found the hole, %s, is refused by the route's resolver too",
    async (address) => {
      await expect(resolvePublicAddress(address, new Set())).rejects.toThrow(/private or local network/);
      await expect(resolvePublicAddress(`[${address}]`, new Set())).rejects.toThrow(/private or local network/);
    },
  );

  it.each(["not-an-address", "1.2.3", "0x7f.1", "2001:db8::g", ""])("refuses what is not an address: %j", (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });
});

describe("SSRF guard: public unicast passes, up to the edge of each block", () => {
  it.each([
    "8.8.8.8",
    "1.1.1.1",
    "9.255.255.255", // just below 10.0.0.0/8
    "11.0.0.0", // just above it
    "100.63.255.255", // below 100.64.0.0/10
    "100.128.0.0", // above it
    "172.15.255.255",
    "172.32.0.0",
    "192.0.1.1",
    "192.167.255.255",
    "192.169.0.0",
    "198.17.255.255",
    "198.20.0.0",
    "223.255.255.254",
    "::ffff:8.8.8.8",
    "2001:200::1", // just above 2001::/23
    "2001:4860:4860::8888",
    "2606:4700:4700::1111",
    "2a00:1450:4001:80b::200e",
    "3ffe::1", // below 3fff::/20
  ])("%s is public", (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });
});
