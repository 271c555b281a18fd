import { BlockList, isIP } from 'node:net';

/**
 * The IANA special-purpose address registries, every entry whatever its "globally reachable" column
 * says (nobody's tracker lives on an anycast relay):
 * https://www.iana.org/assignments/iana-ipv4-special-registry/ and
 * https://www.iana.org/assignments/iana-ipv6-special-registry/, with multicast from
 * https://www.iana.org/assignments/multicast-addresses/ and IPv6 site-local from
 * https://www.iana.org/assignments/ipv6-address-space/.
 */
const SPECIAL_IPV4 = [
  ['0.0.0.0', 8], // "this" network (RFC 791)
  ['10.0.0.0', 8], // private (RFC 1918)
  ['100.64.0.0', 10], // carrier-grade NAT (RFC 6598)
  ['127.0.0.0', 8], // loopback (RFC 1122)
  ['169.254.0.0', 16], // link-local, cloud metadata (RFC 3927)
  ['172.16.0.0', 12], // private (RFC 1918)
  ['192.0.0.0', 24], // IETF protocol assignments, DS-Lite, NAT64 discovery (RFC 6890, 7335, 8880)
  ['192.0.2.0', 24], // documentation TEST-NET-1 (RFC 5737)
  ['192.31.196.0', 24], // AS112-v4 (RFC 7535)
  ['192.52.193.0', 24], // AMT (RFC 7450)
  ['192.88.99.0', 24], // 6to4 relay anycast, deprecated (RFC 7526)
  ['192.168.0.0', 16], // private (RFC 1918)
  ['192.175.48.0', 24], // AS112 direct delegation (RFC 7534)
  ['198.18.0.0', 15], // benchmarking (RFC 2544)
  ['198.51.100.0', 24], // documentation TEST-NET-2 (RFC 5737)
  ['203.0.113.0', 24], // documentation TEST-NET-3 (RFC 5737)
  ['224.0.0.0', 4], // multicast (RFC 5771)
  ['240.0.0.0', 4], // reserved (RFC 1112), with the limited broadcast 255.255.255.255 (RFC 919)
] as const;

/**
 * IPv4-mapped (::ffff:0:0/96) and IPv4-compatible (::/96) addresses are not listed: they are
 * judged by the IPv4 address they carry (embeddedIPv4). Whatever lies outside 2000::/3, the only
 * global unicast space, is refused besides (isGlobalUnicast); the table says why for the usual ones.
 */
const SPECIAL_IPV6 = [
  ['::', 128], // unspecified (RFC 4291)
  ['::1', 128], // loopback (RFC 4291)
  ['::ffff:0:0:0', 96], // IPv4-translated, SIIT (RFC 2765)
  ['64:ff9b::', 96], // NAT64 well-known prefix: reaches any IPv4 address, private ones too (RFC 6052)
  ['64:ff9b:1::', 48], // NAT64 local-use prefix (RFC 8215)
  ['100::', 64], // discard-only (RFC 6666)
  ['100:0:0:1::', 64], // dummy prefix (RFC 9780)
  ['2001::', 23], // IETF protocol assignments: Teredo 2001::/32, benchmarking, AMT, AS112, ORCHID v1/v2, DRIP (RFC 2928)
  ['2001:db8::', 32], // documentation (RFC 3849)
  ['2002::', 16], // 6to4: carries an IPv4 address, private ones too (RFC 3056)
  ['2620:4f:8000::', 48], // AS112 direct delegation (RFC 7534)
  ['3fff::', 20], // documentation (RFC 9637)
  ['5f00::', 16], // segment routing SIDs (RFC 9602)
  ['fc00::', 7], // unique local (RFC 4193)
  ['fe80::', 10], // link-local (RFC 4291)
  ['fec0::', 10], // site-local, deprecated (RFC 3879)
  ['ff00::', 8], // multicast (RFC 4291)
] as const;

const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of SPECIAL_IPV4) NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of SPECIAL_IPV6) NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');

/**
 * An IPv6 address as the WHATWG URL parser writes it (lower case, hex, one `::`), so that
 * `::127.0.0.1`, `::7F00:1` and `0:0:0:0:0:0:7f00:1` read alike; null for what it refuses (a zone
 * index, say).
 */
function canonicalIPv6(address: string): string | null {
  try {
    return new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    return null;
  }
}

/** The eight 16-bit groups of an address in canonical form. */
function groupsOf(canonical: string): number[] {
  const [head = '', tail] = canonical.split('::');
  const read = (text: string) => (text ? text.split(':').map((group) => Number.parseInt(group, 16)) : []);
  const front = read(head);
  if (tail === undefined) return front;
  const back = read(tail);
  return [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/** The IPv4 address an IPv4-compatible (::a.b.c.d) or IPv4-mapped (::ffff:a.b.c.d) address carries. */
function embeddedIPv4(groups: number[]): string | null {
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, high = 0, low = 0] = groups;
  if (a !== 0 || b !== 0 || c !== 0 || d !== 0 || e !== 0 || (f !== 0 && f !== 0xffff)) return null;
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/** Whether an IP address is one of the public internet's. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !NOT_PUBLIC.check(address, 'ipv4');
  if (family !== 6) return false;
  const canonical = canonicalIPv6(address);
  if (!canonical) return false;
  const groups = groupsOf(canonical);
  const carried = embeddedIPv4(groups);
  if (carried) return isPublicAddress(carried);
  // Only 2000::/3 is global unicast (IANA IPv6 address space); the rest is reserved or local.
  const isGlobalUnicast = ((groups[0] ?? 0) & 0xe000) === 0x2000;
  return isGlobalUnicast && !NOT_PUBLIC.check(canonical, 'ipv6');
}
