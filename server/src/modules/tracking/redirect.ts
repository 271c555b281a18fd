import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { checkoutCarrierOf } from '@contract/integrations';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { clientAddress, ipHasherOf, type ProxyTrust } from '../../client-address';
import { onChange } from '../../db/change-feed';
import type { Db } from '../../db/client';
import { campaigns, links } from '../../db/schema';
import type { ClickBuffer } from './click-buffer';
import { newClickId } from './click-id';

/** Link previews, crawlers and scripts: recorded, never counted. */
const BOT_AGENT =
  /bot|crawl|spider|slurp|preview|facebookexternalhit|whatsapp|telegram|discord|curl|wget|python|httpclient|headless|monitor|scan/i;
/** Campaign changes reach the cache on the change feed; this lifetime only bounds a lost notice. */
const LINK_CACHE_MS = 10_000;
/** What a link code can be; anything else is unknown without a database read. */
const LINK_CODE = /^[a-z0-9]{4,32}$/;
const IP_HASH_CACHE_MAX = 10_000;
/** A click id as the first-click cookie must hold it; anything else is ignored. */
const CLICK_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

type Target = {
  linkId: number;
  affiliateId: number;
  campaignId: number;
  destination: string;
  utm: Record<string, string>;
  status: 'active' | 'paused' | 'ended';
  /** The Location and Set-Cookie values split around the click id, built once per cached link. */
  location: string[] | null;
  cookie: [string, string];
  /** The campaign's cookie name and "=": what the Cookie header is searched for. */
  cookieName: string;
};

/**
 * The first click's id this browser holds for the campaign, from the Cookie header: the campaign's
 * cookie is set by the browser's first click and not again until it expires with the cookie window
 * (the attribution models read it; the last click is the one whose id the merchant receives).
 */
function firstClickIn(cookieHeader: string | undefined, name: string): string | null {
  if (!cookieHeader) return null;
  const at = cookieHeader.indexOf(name);
  if (at === -1 || (at > 0 && cookieHeader[at - 1] !== ' ' && cookieHeader[at - 1] !== ';')) return null;
  const id = cookieHeader.slice(at + name.length, at + name.length + 36);
  return CLICK_ID.test(id) ? id : null;
}

/**
 * Only the admin's destination, with our parameters added; URL serialisation keeps CR/LF out. A
 * checkout that carries a tracking value to its webhook (Hotmart's and Kiwify's `sck`, a Stripe
 * Payment Link's `client_reference_id`) gets the click id there too (docs/decisions/035).
 */
function buildLocation(destination: string, utm: Record<string, string>, clickId: string): string {
  const url = new URL(destination);
  url.searchParams.set('click_id', clickId);
  const carrier = checkoutCarrierOf(destination);
  if (carrier) url.searchParams.set(carrier.param, clickId);
  for (const [key, value] of Object.entries(utm)) if (value) url.searchParams.set(key, value);
  return url.toString();
}

// A click id is a UUID, which URL serialisation leaves as it is: the Location built around a random
// UUID, split there, gives the same string as building it per click.
const MARKER = randomUUID();
function splitLocation(destination: string, utm: Record<string, string>): string[] | null {
  try {
    const parts = buildLocation(destination, utm, MARKER).split(MARKER);
    return parts.length >= 2 ? parts : null;
  } catch {
    return null; // built per click, so an unusable destination fails where it always did
  }
}

/**
 * GET /r/:code: the click redirect. It answers from a short cache, records the click in memory
 * (the buffer writes it) and carries no per-request hook it does not need (DESIGN.md §4): `app`
 * is a scope of its own.
 */
export function registerRedirect(
  app: FastifyInstance,
  db: Db,
  buffer: ClickBuffer,
  notFoundPage: (reply: FastifyReply) => FastifyReply,
  options: { ipSecret: string; secureCookie: boolean; proxyTrust: ProxyTrust | false },
) {
  const { ipSecret, proxyTrust } = options;
  const cookieAttributes = `; Path=/; SameSite=Lax; HttpOnly${options.secureCookie ? '; Secure' : ''}`;
  const cache = new Map<string, { target: Target | null; at: number }>();
  const unsubscribe = onChange(db, 'campaign', (campaignId) => {
    if (campaignId === null) return cache.clear();
    for (const [code, { target }] of cache) if (String(target?.campaignId) === campaignId) cache.delete(code);
  });
  app.addHook('onClose', async () => unsubscribe());
  // The same address hashes to the same value: a busy link sees the same few addresses again and again.
  const ipHashes = new Map<string, string>();
  const ipHashOf = ipHasherOf(ipSecret);

  function ipHash(ip: string): string {
    let hash = ipHashes.get(ip);
    if (hash === undefined) {
      hash = ipHashOf(ip);
      // Emptied whole when full: dropping the oldest address each time walked over the Map's
      // deleted slots on every new visitor (docs/decisions/040).
      if (ipHashes.size >= IP_HASH_CACHE_MAX) ipHashes.clear();
      ipHashes.set(ip, hash);
    }
    return hash;
  }

  /** The target of a code while the cache holds it; undefined when it has to be read. */
  function cached(code: string): Target | null | undefined {
    const hit = cache.get(code);
    return hit && Date.now() - hit.at < LINK_CACHE_MS ? hit.target : undefined;
  }

  async function load(code: string): Promise<Target | null> {
    const [row] = await db
      .select({ link: links, campaign: campaigns })
      .from(links)
      .innerJoin(campaigns, eq(campaigns.id, links.campaignId))
      .where(eq(links.code, code));
    let target: Target | null = null;
    if (row && !row.link.disabledAt) {
      const utm = {
        utm_source: row.link.utmSource,
        utm_medium: row.link.utmMedium,
        utm_campaign: row.link.utmCampaign,
      };
      const destination = row.campaign.destinationUrl;
      target = {
        linkId: row.link.id,
        affiliateId: row.link.affiliateId,
        campaignId: row.campaign.id,
        destination,
        utm,
        status: row.campaign.status,
        location: splitLocation(destination, utm),
        cookie: [`afl_${row.campaign.id}=`, `; Max-Age=${row.campaign.cookieDays * 86_400}${cookieAttributes}`],
        cookieName: `afl_${row.campaign.id}=`,
      };
    }
    if (cache.size > 50_000) cache.clear();
    cache.set(code, { target, at: Date.now() });
    return target;
  }

  // The request id is the click id: a fresh one for every request of this scope, unless the server
  // takes request ids from a header, which would let a client choose its click id.
  app.setGenReqId(() => newClickId());
  const clientChosenIds = Boolean(app.initialConfig.requestIdHeader);

  /**
   * Records the click and gives the 302's Location and Set-Cookie for an active target; `mustWait`
   * when the click writes are behind: then the answer waits for `buffer.flush()` (the crash window).
   */
  function follow(target: Target, method: string, ip: string, headers: IncomingHttpHeaders, clickId: string) {
    const userAgent = String(headers['user-agent'] ?? '').slice(0, 500);
    const firstClickId = firstClickIn(headers.cookie, target.cookieName);
    const mustWait = buffer.record({
      id: clickId,
      linkId: target.linkId,
      affiliateId: target.affiliateId,
      campaignId: target.campaignId,
      at: Date.now(),
      ipHash: ipHash(ip),
      userAgent,
      referrer: String(headers.referer ?? '').slice(0, 500),
      isBot: method === 'HEAD' || userAgent === '' || BOT_AGENT.test(userAgent),
      ip,
      firstClickId,
    });
    const location = target.location
      ? target.location.length === 2
        ? (target.location[0] as string) + clickId + target.location[1]
        : target.location.join(clickId)
      : buildLocation(target.destination, target.utm, clickId);
    // Only the browser's first click on the campaign (within the window) sets the cookie.
    const cookie = firstClickId ? null : target.cookie[0] + clickId + target.cookie[1];
    return { location, cookie, mustWait };
  }

  function answer(
    request: FastifyRequest,
    reply: FastifyReply,
    target: Target | null,
  ): FastifyReply | Promise<FastifyReply> {
    if (!target) return notFoundPage(reply.code(404));
    if (target.status !== 'active') {
      return reply.code(410).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(INACTIVE_PAGE);
    }
    const clickId = clientChosenIds ? newClickId() : request.id;
    // Fastify has no address for a connection already reset (request.ip undefined).
    const ip = request.ip ?? '';
    const { location, cookie, mustWait } = follow(target, request.method, ip, request.headers, clickId);
    const send = () => {
      reply.code(302).header('location', location).header('cache-control', 'no-store');
      if (cookie) reply.header('set-cookie', cookie);
      return reply.header('content-length', '0').send();
    };
    return mustWait ? buffer.flush().then(send) : send();
  }

  /**
   * The route's answer for an active link, on Node's own request and response: Fastify's request and
   * reply objects cost about a fifth of a click (decision 009). A code of the right shape is taken
   * (true); the link is read when the cache does not hold it, and anything but an active link (unknown,
   * disabled, paused, a failed read) goes to `fallback`, Fastify, whose route gives the same answers.
   */
  function answerRaw(req: IncomingMessage, res: ServerResponse, fallback: () => void): boolean {
    const url = req.url ?? '';
    if (!url.startsWith('/r/') || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
    const query = url.indexOf('?');
    const code = query === -1 ? url.slice(3) : url.slice(3, query);
    if (!LINK_CODE.test(code)) return false;
    const send = (target: Target | null) => {
      if (target?.status !== 'active') return fallback();
      const { location, cookie, mustWait } = follow(
        target,
        req.method as string,
        clientAddress(req, proxyTrust),
        req.headers,
        newClickId(),
      );
      const reply = () => {
        res.writeHead(
          302,
          cookie
            ? { location, 'cache-control': 'no-store', 'set-cookie': cookie, 'content-length': '0' }
            : { location, 'cache-control': 'no-store', 'content-length': '0' },
        );
        res.end();
      };
      if (mustWait) buffer.flush().then(reply, reply);
      else reply();
    };
    const target = cached(code);
    if (target === undefined) load(code).then(send, fallback);
    else send(target);
    return true;
  }

  // A cached link is answered at once, without a promise per click; only a cache miss waits.
  const handler = (request: FastifyRequest<{ Params: { code: string } }>, reply: FastifyReply) => {
    const code = request.params.code;
    const target = LINK_CODE.test(code) ? cached(code) : null;
    if (target !== undefined) {
      const answered = answer(request, reply, target);
      // Only while the click writes are behind does the answer wait (a promise).
      if (answered instanceof Promise) return answered;
      return;
    }
    return load(code).then((loaded) => answer(request, reply, loaded));
  };

  const routeOptions = { logLevel: 'warn' as const, schema: { hide: true } };
  // Fastify answers HEAD with the same handler (request.method is HEAD): recorded as a bot.
  app.get('/r/:code', routeOptions, handler);
  return answerRaw;
}

const INACTIVE_PAGE = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Campanha indisponível · Afiliados</title>
<style>body{font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0;background:#f8f9fa;color:#1a1b1e}main{max-width:420px;padding:32px;text-align:center}h1{font-size:22px}p{color:#495057}</style></head>
<body><main><h1>Esta campanha não está ativa no momento</h1><p>A oferta deste link foi pausada ou encerrada. Obrigado pelo interesse!</p><p lang="en">This campaign is not running right now.</p></main></body></html>`;
