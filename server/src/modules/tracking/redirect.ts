import { createHmac, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { campaigns, links } from '../../db/schema';
import type { ClickBuffer } from './click-buffer';

/** Link previews, crawlers and scripts: recorded, never counted. */
const BOT_AGENT =
  /bot|crawl|spider|slurp|preview|facebookexternalhit|whatsapp|telegram|discord|curl|wget|python|httpclient|headless|monitor|scan/i;
const LINK_CACHE_MS = 10_000;

type Target = {
  linkId: number;
  affiliateId: number;
  campaignId: number;
  destination: string;
  utm: Record<string, string>;
  cookieDays: number;
  status: 'active' | 'paused' | 'ended';
};

/**
 * GET /r/:code: the click redirect. It answers from a short cache, records the click in memory
 * (the buffer writes it) and carries no per-request hook it does not need (DESIGN.md §4).
 */
export function registerRedirect(
  app: FastifyInstance,
  db: Db,
  buffer: ClickBuffer,
  ipSecret: string,
  notFoundPage: (reply: FastifyReply) => FastifyReply,
) {
  const cache = new Map<string, { target: Target | null; at: number }>();

  async function resolve(code: string): Promise<Target | null> {
    const hit = cache.get(code);
    if (hit && Date.now() - hit.at < LINK_CACHE_MS) return hit.target;
    const [row] = await db
      .select({ link: links, campaign: campaigns })
      .from(links)
      .innerJoin(campaigns, eq(campaigns.id, links.campaignId))
      .where(eq(links.code, code));
    const target: Target | null =
      row && !row.link.disabledAt
        ? {
            linkId: row.link.id,
            affiliateId: row.link.affiliateId,
            campaignId: row.campaign.id,
            destination: row.campaign.destinationUrl,
            utm: { utm_source: row.link.utmSource, utm_medium: row.link.utmMedium, utm_campaign: row.link.utmCampaign },
            cookieDays: row.campaign.cookieDays,
            status: row.campaign.status,
          }
        : null;
    if (cache.size > 50_000) cache.clear();
    cache.set(code, { target, at: Date.now() });
    return target;
  }

  const handler = async (request: FastifyRequest<{ Params: { code: string } }>, reply: FastifyReply) => {
    const code = request.params.code;
    const target = /^[a-z0-9]{4,32}$/.test(code) ? await resolve(code) : null;
    if (!target) return notFoundPage(reply.code(404));
    if (target.status !== 'active') {
      return reply.code(410).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(INACTIVE_PAGE);
    }
    const userAgent = String(request.headers['user-agent'] ?? '').slice(0, 500);
    const clickId = randomUUID();
    buffer.record({
      id: clickId,
      linkId: target.linkId,
      affiliateId: target.affiliateId,
      campaignId: target.campaignId,
      at: new Date(),
      ipHash: createHmac('sha256', ipSecret).update(request.ip).digest('hex').slice(0, 32),
      userAgent,
      referrer: String(request.headers.referer ?? '').slice(0, 500),
      isBot: request.method === 'HEAD' || userAgent === '' || BOT_AGENT.test(userAgent),
    });
    // Only the admin's destination, with our parameters added; URL serialisation keeps CR/LF out.
    const destination = new URL(target.destination);
    destination.searchParams.set('click_id', clickId);
    for (const [key, value] of Object.entries(target.utm)) if (value) destination.searchParams.set(key, value);
    return reply
      .code(302)
      .header('location', destination.toString())
      .header('cache-control', 'no-store')
      .header(
        'set-cookie',
        `afl_${target.campaignId}=${clickId}; Max-Age=${target.cookieDays * 86_400}; Path=/; SameSite=Lax; HttpOnly`,
      )
      .header('content-length', '0')
      .send();
  };

  const routeOptions = { logLevel: 'warn' as const, helmet: false as const, schema: { hide: true } };
  // Fastify answers HEAD with the same handler (request.method is HEAD): recorded as a bot.
  app.get('/r/:code', routeOptions, handler);
}

const INACTIVE_PAGE = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Campanha indisponível · Afiliados</title>
<style>body{font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0;background:#f8f9fa;color:#1a1b1e}main{max-width:420px;padding:32px;text-align:center}h1{font-size:22px}p{color:#495057}</style></head>
<body><main><h1>Esta campanha não está ativa no momento</h1><p>A oferta deste link foi pausada ou encerrada. Obrigado pelo interesse!</p><p lang="en">This campaign is not running right now.</p></main></body></html>`;
