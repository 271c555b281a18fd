import { createHmac } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientAddress, compileProxyTrust, ipHashOf } from './client-address';

const hmacOf = (secret: string, ip: string) => createHmac('sha256', secret).update(ip).digest('hex').slice(0, 32);

describe('ipHashOf', () => {
  // Clicks and sign-ins stored before the pads were precomputed must keep matching the same addresses.
  it('gives the HMAC-SHA256 that createHmac gives, for every kind of address and secret', () => {
    const secrets = ['s', 'a-secret-of-forty-eight-characters-for-the-jwt!!', 'k'.repeat(64), 'é'.repeat(70)];
    const addresses = [
      '177.12.34.56',
      '',
      '2804:14c:5b80:8a3a::1',
      '::ffff:200.1.2.3',
      'fe80::1%eth0',
      'not-an-address',
      'ç'.repeat(64),
      'x'.repeat(65),
      '1'.repeat(500),
    ];
    for (const secret of secrets) {
      for (const ip of addresses) expect(ipHashOf(secret, ip), `${secret} / ${ip}`).toBe(hmacOf(secret, ip));
    }
  });

  it('does not carry one address into the next (a shorter address after a longer one)', () => {
    const secret = 'jwt-secret';
    expect(ipHashOf(secret, '2804:14c:5b80:8a3a:1:2:3:4')).toBe(hmacOf(secret, '2804:14c:5b80:8a3a:1:2:3:4'));
    expect(ipHashOf(secret, '1.2.3.4')).toBe(hmacOf(secret, '1.2.3.4'));
  });
});

describe('clientAddress behind trusted proxies', () => {
  const requestOf = (peer: string, forwardedFor?: string) =>
    ({
      socket: { remoteAddress: peer },
      headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
    }) as unknown as IncomingMessage;

  // The trust of each address is remembered: asking again must give the same answers as the first time.
  it('takes the first untrusted hop from the right, the same on every request', () => {
    const trust = compileProxyTrust(['loopback', '10.0.0.0/8']);
    for (let round = 0; round < 3; round++) {
      expect(clientAddress(requestOf('127.0.0.1', '177.1.2.3'), trust)).toBe('177.1.2.3');
      expect(clientAddress(requestOf('127.0.0.1', '177.1.2.3, 10.1.1.1'), trust)).toBe('177.1.2.3');
      expect(clientAddress(requestOf('127.0.0.1', '6.6.6.6, 177.1.2.3, 10.1.1.1'), trust)).toBe('177.1.2.3');
      // A peer that is not a trusted proxy speaks for itself, whatever it forwards.
      expect(clientAddress(requestOf('177.9.9.9', '1.1.1.1'), trust)).toBe('177.9.9.9');
      expect(clientAddress(requestOf('127.0.0.1'), trust)).toBe('127.0.0.1');
    }
  });

  it('trusts nobody when TRUST_PROXY is off, and counts hops when it is a number', () => {
    expect(clientAddress(requestOf('127.0.0.1', '177.1.2.3'), compileProxyTrust(false))).toBe('127.0.0.1');
    const oneHop = compileProxyTrust(1);
    expect(clientAddress(requestOf('8.8.8.8', '6.6.6.6, 177.1.2.3'), oneHop)).toBe('177.1.2.3');
  });
});
