import type { FastifyRequest } from 'fastify';
import { compileProxyTrust, type ProxyTrust } from './client-address';
import type { Config } from './config';

/** A host as a proxy forwards it: a name or an address, and a port. Anything else is not used. */
const HOST = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

const trustOf = new WeakMap<Config, ProxyTrust | false>();

function lastEntry(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header.at(-1) : header;
  return value?.split(',').at(-1)?.trim();
}

/**
 * The portal's address as the people it writes to reach it, for links and mails: PUBLIC_URL when
 * set; else, for a request a trusted proxy (TRUST_PROXY) forwarded with X-Forwarded-Host, that
 * host; else the configured default. Never a Host header a client chose, so a stranger cannot
 * put their own host into someone's password-reset mail.
 */
export function publicAddressOf(config: Config, request: FastifyRequest): string {
  if (config.isPublicUrlSet || config.trustProxy === false) return config.publicUrl;
  let trust = trustOf.get(config);
  if (trust === undefined) {
    trust = compileProxyTrust(config.trustProxy);
    trustOf.set(config, trust);
  }
  const peer = request.socket.remoteAddress;
  const host = lastEntry(request.headers['x-forwarded-host']);
  if (!trust || !peer || !trust(peer, 0) || !host || !HOST.test(host)) return config.publicUrl;
  const proto = lastEntry(request.headers['x-forwarded-proto']) === 'https' ? 'https' : 'http';
  return `${proto}://${host.toLowerCase()}`;
}
