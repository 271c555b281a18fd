import { describe, expect, test } from 'vitest';
import { isPublicAddress } from './address-ranges';

// Issue 25, point 3: every special-purpose range refused, IPv4 carried in IPv6 in any text form.

describe('isPublicAddress', () => {
  test.each([
    ['8.8.8.8'],
    ['200.147.67.142'],
    ['172.32.0.1'],
    ['2804:14c:1::1'],
    ['2001:4860:4860::8888'],
    ['2a00:1450:4001:80b::200e'],
    // An IPv4-compatible or IPv4-mapped address is the IPv4 address it carries.
    ['::ffff:8.8.8.8'],
    ['::ffff:808:808'],
    ['::8.8.8.8'],
  ])('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  test.each([
    // IPv4 special-purpose registry, multicast and broadcast
    ['0.0.0.0', '"this" network'],
    ['0.1.2.3', '"this" network'],
    ['10.0.0.1', 'private'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['172.16.5.4', 'private'],
    ['192.0.0.170', 'NAT64 discovery'],
    ['192.0.2.1', 'documentation'],
    ['192.31.196.1', 'AS112'],
    ['192.52.193.1', 'AMT'],
    ['192.88.99.1', '6to4 relay'],
    ['192.168.1.1', 'private'],
    ['192.175.48.1', 'AS112 direct delegation'],
    ['198.18.0.1', 'benchmarking'],
    ['198.19.255.255', 'benchmarking'],
    ['198.51.100.1', 'documentation'],
    ['203.0.113.1', 'documentation'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'broadcast'],
    // IPv6 special-purpose registry and the space outside global unicast
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback, written out'],
    ['fc00::1', 'unique local'],
    ['fd12:3456::1', 'unique local'],
    ['fe80::1', 'link-local'],
    ['FE80::1', 'link-local, upper case'],
    ['fe80::1%eth0', 'link-local with a zone'],
    ['fec0::1', 'site-local'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'documentation'],
    ['3fff::1', 'documentation'],
    ['100::1', 'discard-only'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
    ['2001:2::1', 'benchmarking'],
    ['2001:10::1', 'ORCHID'],
    ['2001:20::1', 'ORCHIDv2'],
    ['2002:a00:1::1', '6to4 carrying a private IPv4 address'],
    ['2002:c0a8:101::1', '6to4 carrying 192.168.1.1'],
    ['2620:4f:8000::1', 'AS112 direct delegation'],
    ['5f00::1', 'segment routing'],
    ['1::1', 'reserved by the IETF'],
    ['4000::1', 'unassigned'],
    // IPv4-compatible (::/96), in dotted and hex form
    ['::127.0.0.1', 'IPv4-compatible loopback'],
    ['::7f00:1', 'IPv4-compatible loopback, hex'],
    ['::a9fe:a9fe', 'IPv4-compatible metadata address, hex'],
    ['::A9FE:A9FE', 'IPv4-compatible metadata address, hex upper case'],
    ['0:0:0:0:0:0:a00:1', 'IPv4-compatible private, written out'],
    // IPv4-mapped (::ffff:0:0/96), any case, compressed or not
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::FFFF:127.0.0.1', 'IPv4-mapped loopback, upper case'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback, hex'],
    ['::FFFF:7F00:1', 'IPv4-mapped loopback, hex upper case'],
    ['0:0:0:0:0:ffff:7f00:1', 'IPv4-mapped loopback, written out'],
    ['0::ffff:a9fe:a9fe', 'IPv4-mapped metadata address'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['::ffff:0:7f00:1', 'IPv4-translated'],
    ['::ffff:0:808:808', 'IPv4-translated, even of a public address'],
    // NAT64, refused outright whatever it carries
    ['64:ff9b::a00:1', 'NAT64 of a private address'],
    ['64:ff9b::808:808', 'NAT64 of a public address'],
    ['64:ff9b::8.8.8.8', 'NAT64, dotted'],
    ['64:ff9b:1::a00:1', 'NAT64 local-use'],
    ['64:FF9B:1:2::1', 'NAT64 local-use, upper case'],
    ['not an address', 'not an address'],
  ])('%s is not public (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
});
