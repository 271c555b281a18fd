import { createHmac } from 'node:crypto';
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
  return proxyAddr.compile(setting);
}

/** The client's address: the socket peer, or the first untrusted hop when proxies are trusted. */
export function clientAddress(req: IncomingMessage, trust: ProxyTrust | false): string {
  // A connection the client (or the proxy) already reset has no peer address any more: '' then.
  const peer = req.socket.remoteAddress;
  if (!trust || peer === undefined) return peer ?? '';
  return proxyAddr(req, trust) ?? '';
}

/** The keyed hash of an address that clicks and sign-ins keep instead of it (LGPD): 32 hex digits. */
export function ipHashOf(secret: string, ip: string): string {
  return createHmac('sha256', secret).update(ip).digest('hex').slice(0, 32);
}
