import { createHmac, hash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

/** Which hops may speak for the client in X-Forwarded-For (TRUST_PROXY): none, a hop count, or addresses. */
export type TrustProxy = false | number | string[];
/** Whether the hop at `address`, `hop` steps from this server (0: the socket peer), is a trusted proxy. */
export type ProxyTrust = (address: string, hop: number) => boolean;

/**
 * The one trust rule, compiled once, that Fastify's `request.ip` and the raw click redirect share.
 * Fastify refuses a bare hop count (it cannot tell a proxy from a direct client), so a count is
 * given as a function here: the operator who sets one says nothing reaches the server but through
 * those proxies.
 */
export function compileProxyTrust(setting: TrustProxy): ProxyTrust | false {
  if (setting === false) return false;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  const trusts = proxyAddr.compile(setting);
  // The proxy's own address comes with every request it forwards: parsed once, not per request
  // (the address parser was a click's largest cost after the hashes). Trust in an address list
  // depends on the address alone.
  const known = new Map<string, boolean>();
  return (address, hop) => {
    let trusted = known.get(address);
    if (trusted === undefined) {
      trusted = trusts(address, hop);
      if (known.size >= TRUST_MEMORY_MAX) known.clear();
      known.set(address, trusted);
    }
    return trusted;
  };
}

/** Addresses whose trust is remembered; a deployment has a handful of proxies. */
const TRUST_MEMORY_MAX = 1_000;

/** The client's address: the socket peer, or the first untrusted hop when proxies are trusted. */
export function clientAddress(req: IncomingMessage, trust: ProxyTrust | false): string {
  // A connection the client (or the proxy) already reset has no peer address any more: '' then.
  const peer = req.socket.remoteAddress;
  if (!trust || peer === undefined) return peer ?? '';
  return proxyAddr(req, trust) ?? '';
}

/** The keyed hash of an address that clicks and sign-ins keep instead of it (LGPD): 32 hex digits. */
export function ipHashOf(secret: string, ip: string): string {
  return ipHasherOf(secret)(ip);
}

// SHA-256's block: HMAC pads its key to it.
const BLOCK = 64;
/** The longest address (in bytes) the pads' buffer takes; longer text goes through createHmac. */
const ADDRESS_MAX_BYTES = 192;
const hashers = new Map<string, (ip: string) => string>();

/**
 * HMAC-SHA256 (RFC 2104) of addresses under one secret, 32 hex digits of it: the key's pads are
 * worked out once and each address costs two one-shot hashes. The same digest as `createHmac`,
 * without a native Hmac object per address, which the garbage collector paid for on every visitor of
 * a launch (docs/decisions/040).
 */
export function ipHasherOf(secret: string): (ip: string) => string {
  const known = hashers.get(secret);
  if (known) return known;
  let key = Buffer.from(secret, 'utf8');
  if (key.length > BLOCK) key = hash('sha256', key, 'buffer');
  // inner: (key XOR ipad) then the address; outer: (key XOR opad) then the inner digest.
  const inner = Buffer.alloc(BLOCK + ADDRESS_MAX_BYTES);
  const outer = Buffer.alloc(BLOCK + 32);
  for (let i = 0; i < BLOCK; i++) {
    inner[i] = (key[i] ?? 0) ^ 0x36;
    outer[i] = (key[i] ?? 0) ^ 0x5c;
  }
  const hasher = (ip: string) => {
    // At most three bytes a character: anything that might not fit takes the long way.
    if (ip.length * 3 > ADDRESS_MAX_BYTES) return createHmac('sha256', secret).update(ip).digest('hex').slice(0, 32);
    const length = inner.write(ip, BLOCK, 'utf8');
    // The inner digest as a byte string, written into the outer block: no Buffer made for it.
    outer.write(hash('sha256', inner.subarray(0, BLOCK + length), 'binary'), BLOCK, 'latin1');
    return hash('sha256', outer, 'hex').slice(0, 32);
  };
  // One secret per process in practice; a test may make a few.
  if (hashers.size > 16) hashers.clear();
  hashers.set(secret, hasher);
  return hasher;
}
