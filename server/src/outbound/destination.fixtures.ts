// Test data only: the destinations issue 25 (point 3) found accepted, and their kin, for the tests
// of every sender (destination, postbacks, webhooks). Each is refused before any connection.

/** Addresses in a special-purpose range, in the text forms the URL parser takes for them. */
export const SPECIAL_PURPOSE_URLS = [
  ['https://[::7f00:1]/in', 'IPv4-compatible loopback, hex'],
  ['https://[::a9fe:a9fe]/in', 'IPv4-compatible cloud metadata, hex'],
  ['https://[::127.0.0.1]/in', 'IPv4-compatible loopback, dotted'],
  ['https://[::ffff:7f00:1]/in', 'IPv4-mapped loopback, hex'],
  ['https://[::FFFF:A9FE:A9FE]/in', 'IPv4-mapped cloud metadata, upper case'],
  ['https://[0:0:0:0:0:ffff:10.0.0.1]/in', 'IPv4-mapped private, written out'],
  ['https://[64:ff9b::a9fe:a9fe]/in', 'NAT64 of cloud metadata'],
  ['https://[64:ff9b::808:808]/in', 'NAT64, even of a public address'],
  ['https://[64:ff9b:1::a00:1]/in', 'NAT64 local-use'],
  ['https://[2002:a9fe:a9fe::1]/in', '6to4 carrying cloud metadata'],
  ['https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/in', 'Teredo'],
  ['https://[fec0::1]/in', 'IPv6 site-local'],
  ['https://[fe80::1]/in', 'IPv6 link-local'],
  ['https://[ff02::1]/in', 'IPv6 multicast'],
  ['https://[2001:db8::1]/in', 'IPv6 documentation'],
  ['https://[100::1]/in', 'IPv6 discard-only'],
  ['https://[::]/in', 'IPv6 unspecified'],
  ['https://100.64.0.1/in', 'carrier-grade NAT'],
  ['https://198.18.0.1/in', 'benchmarking'],
  ['https://192.0.2.1/in', 'documentation'],
  ['https://224.0.0.1/in', 'multicast'],
  ['https://255.255.255.255/in', 'broadcast'],
  ['https://0x7f000001/in', 'loopback in hex'],
  ['https://2130706433/in', 'loopback as one number'],
  ['https://0177.0.0.1/in', 'loopback in octal'],
  ['https://0/in', '0.0.0.0'],
] as const;

/** Public addresses every sender takes (IP literals: no DNS in the test). */
export const PUBLIC_URLS = [
  ['https://8.8.8.8/in', 'a public IPv4 address'],
  ['https://[2001:4860:4860::8888]/in', 'a public IPv6 address'],
  ['https://[::ffff:8.8.8.8]/in', 'a public IPv4 address written as IPv6'],
] as const;

/** Templates whose macro the URL parser reads into the host, though no `://` precedes it. */
export const MACRO_IN_HOST_TEMPLATES = [
  ['https:{sub_id}/x', 'no slashes'],
  ['https:/{sub_id}/x', 'one slash'],
  ['https:\\\\{sub_id}/x', 'backslashes'],
  ['HTTPS://{sub_id}/x', 'an upper-case scheme'],
  ['https://t.exa\tmple{sub_id}/x', 'a tab the parser strips'],
  ['https:/\n/{sub_id}/x', 'a newline the parser strips'],
  ['https://%7Bsub_id%7D.example.com/x', 'percent-encoded braces'],
] as const;
