import { lookup } from 'node:dns/promises';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { DESTINATION_RULES, OUTBOUND_ERRORS } from '@contract/outbound-errors';
import { isPublicAddress } from './address-ranges';

/**
 * Where anything the portal sends out may go: affiliates' postbacks (docs/decisions/020) and
 * webhooks (023). A destination is somebody's public https server: no private, loopback,
 * link-local or otherwise special address, unless the operator lets them reach their own network
 * (POSTBACK_ALLOW_PRIVATE=1), and then plain http too, to such addresses only (address-ranges.ts
 * says which are public). The host is resolved and every address it resolves to is checked; the
 * request then goes to the checked address, so a DNS answer that changes in between (rebinding)
 * cannot move it.
 */
export type DestinationPolicy = { allowPrivate: boolean };

export class DestinationRefused extends Error {
  override name = 'DestinationRefused';
}

const LOOKUP_TIMEOUT_MS = 3_000;

/** Every address the host names (an IP literal names itself); empty when it does not resolve. */
async function addressesOf(hostname: string): Promise<string[]> {
  const bare = hostname.replace(/^\[|\]$/g, '');
  if (isIP(bare)) return [bare];
  let timer: NodeJS.Timeout | undefined;
  try {
    const found = await Promise.race([
      lookup(bare, { all: true, verbatim: true }),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('DNS lookup timed out')), LOOKUP_TIMEOUT_MS);
      }),
    ]);
    return found.map((entry) => entry.address);
  } catch {
    return [];
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The address to connect to, once the URL and every address its host resolves to are allowed.
 * Throws DestinationRefused (the reason for the affiliate) when it is not; `null` when the host does
 * not resolve (a delivery retries later; saving accepts it, since a tracker's DNS may come later).
 */
export async function checkDestination(url: URL, policy: DestinationPolicy): Promise<string | null> {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new DestinationRefused(DESTINATION_RULES.scheme);
  if (url.username || url.password) throw new DestinationRefused(DESTINATION_RULES.credentials);
  const addresses = await addressesOf(url.hostname);
  const inside = addresses.filter((address) => !isPublicAddress(address));
  if (inside.length > 0 && !policy.allowPrivate) {
    throw new DestinationRefused(DESTINATION_RULES.private(inside[0] ?? ''));
  }
  // Plain http only inside the operator's own network, when the operator allows that network.
  const isInside = addresses.length > 0 && inside.length === addresses.length;
  if (url.protocol === 'http:' && !(policy.allowPrivate && isInside)) {
    throw new DestinationRefused(DESTINATION_RULES.scheme);
  }
  return addresses[0] ?? null;
}

export type Attempt = {
  statusCode: number | null;
  error: string | null;
  isDelivered: boolean;
  durationMs: number;
  /** The first RESPONSE_EXCERPT_BYTES of the answer's body, when the caller asked for it. */
  responseExcerpt: string | null;
};

export type OutboundRequest = {
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  userAgent: string;
  /** Read the first bytes of the answer's body (webhooks log them); postbacks only need the status. */
  readExcerpt?: boolean;
};

/** How much of an answer's body is kept for the log. */
export const RESPONSE_EXCERPT_BYTES = 1024;

/**
 * One request to a checked destination, answered by its status line (and the start of its body when
 * asked): 2xx delivers; a redirect is not followed (its target was never checked); nothing past
 * `timeoutMs`, from the lookup to the status line (and the excerpt). Every sender that leaves the
 * portal (affiliate postbacks, webhooks) goes through here.
 */
export async function sendRequest(
  url: URL,
  request: OutboundRequest,
  policy: DestinationPolicy,
  timeoutMs: number,
): Promise<Attempt> {
  const started = Date.now();
  let excerpt: string | null = null;
  const finish = (statusCode: number | null, error: string | null): Attempt => ({
    statusCode,
    error,
    isDelivered: statusCode !== null && statusCode >= 200 && statusCode < 300 && error === null,
    durationMs: Date.now() - started,
    responseExcerpt: excerpt,
  });
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const aborted = new Promise<never>((_, reject) =>
      controller.signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true }),
    );
    // The deadline may pass after the lookup won the race: nobody awaits this promise then.
    aborted.catch(() => {});
    const address = await Promise.race([checkDestination(url, policy), aborted]);
    if (address === null) return finish(null, OUTBOUND_ERRORS.unresolved.write({ host: url.hostname }));
    const hostname = url.hostname.replace(/^\[|\]$/g, '');
    const body = request.body === undefined ? undefined : Buffer.from(request.body, 'utf8');
    const statusCode = await new Promise<number>((resolve, reject) => {
      const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
      const req = send(
        {
          // The checked address, never a second lookup of the name.
          host: address,
          port: url.port || (url.protocol === 'https:' ? 443 : 80),
          path: `${url.pathname}${url.search}`,
          method: request.method,
          headers: {
            ...request.headers,
            host: url.host,
            'user-agent': request.userAgent,
            accept: '*/*',
            ...(body ? { 'content-length': String(body.length) } : {}),
          },
          // The certificate is checked against the name, as the browser would.
          ...(isIP(hostname) ? {} : { servername: hostname }),
          agent: false,
          signal: controller.signal,
        },
        (res) => {
          const code = res.statusCode ?? 0;
          if (!request.readExcerpt) {
            resolve(code);
            res.destroy();
            return;
          }
          const chunks: Buffer[] = [];
          let size = 0;
          const done = () => {
            excerpt = Buffer.concat(chunks).subarray(0, RESPONSE_EXCERPT_BYTES).toString('utf8');
            resolve(code);
            res.destroy();
          };
          res.on('data', (chunk: Buffer) => {
            chunks.push(chunk);
            size += chunk.length;
            if (size >= RESPONSE_EXCERPT_BYTES) done();
          });
          res.on('end', done);
          res.on('error', done);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
    if (statusCode >= 300 && statusCode < 400) return finish(statusCode, OUTBOUND_ERRORS.redirected.write());
    const isDelivered = statusCode >= 200 && statusCode < 300;
    return finish(statusCode, isDelivered ? null : OUTBOUND_ERRORS.answered.write({ status: statusCode }));
  } catch (error) {
    if (error instanceof DestinationRefused)
      return finish(null, OUTBOUND_ERRORS.refused.write({ reason: error.message }));
    if (controller.signal.aborted) return finish(null, OUTBOUND_ERRORS.timeout.write({ ms: timeoutMs }));
    const code = (error as NodeJS.ErrnoException).code;
    return finish(null, code ? OUTBOUND_ERRORS.unreachable.write({ code }) : (error as Error).message.slice(0, 200));
  } finally {
    clearTimeout(timer);
  }
}

/** An affiliate's postback: one GET to the filled template, answered by its status line. */
export function sendPostback(url: URL, policy: DestinationPolicy, timeoutMs: number): Promise<Attempt> {
  return sendRequest(url, { method: 'GET', userAgent: 'Afiliados-Postback/1.0' }, policy, timeoutMs);
}
