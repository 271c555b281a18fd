import { AUTH_REASONS } from '@contract/auth';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors';
import { type Count, createSharedCounters, type SharedCounters, sharedRateLimitStore } from './shared-counters';

/** Wrong answers one address may give for one account (decision 012). */
export const ADDRESS_FAILURES = 10;
const ADDRESS_WINDOW_MS = 15 * 60_000;
/** Wrong answers for one account from every address it has never signed in from, together. */
export const ACCOUNT_FAILURES = 100;
const ACCOUNT_WINDOW_MS = 60 * 60_000;
/** How long an address that signed in stays clear of the account-wide ceiling. */
const KNOWN_ADDRESS_MS = 30 * 24 * 60 * 60_000;
/** Ended windows are deleted this often, by every server (idempotent, no lease needed). */
const FORGET_ENDED_EVERY_MS = 10 * 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    sharedCounters: SharedCounters;
  }
}

function tooMany(retryAfterSeconds: number, after: string) {
  return new AppError('RATE_LIMITED', `Too many attempts. Try again in ${after}.`, {
    reason: AUTH_REASONS.RATE_LIMITED,
    headers: { 'retry-after': String(retryAfterSeconds) },
  });
}

/**
 * Rate limits are opt-in per route (as preHandlers, where the parsed body is known), so the click
 * redirect and ordinary API calls pay nothing. Counters live in the database, shared by every
 * server (docs/decisions/025).
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance) => {
  const counters = createSharedCounters(app.database.db, app.config.jwtSecret);
  app.decorate('sharedCounters', counters);
  await app.register(rateLimit, {
    global: false,
    store: sharedRateLimitStore(counters),
    errorResponseBuilder: (_request, context) => tooMany(Math.ceil(context.ttl / 1000), context.after),
  });
  const forgetTimer = setInterval(() => void counters.forgetEnded().catch(() => {}), FORGET_ENDED_EVERY_MS);
  forgetTimer.unref();
  app.addHook('onClose', async () => clearInterval(forgetTimer));
});

/** A text field of the body, or nothing: the body may hold anything when its validation failed. */
export function bodyText(request: FastifyRequest, field: string): string | undefined {
  const body: unknown = request.body;
  if (typeof body !== 'object' || body === null) return undefined;
  const value = (body as Record<string, unknown>)[field];
  return typeof value === 'string' ? value : undefined;
}

/** Refuses the request while `count` has used up `max` attempts. */
function refuseBeyond(count: Count | undefined, max: number) {
  if (count && count.hits >= max) {
    const seconds = Math.max(1, Math.ceil(count.ttlMs / 1000));
    throw tooMany(seconds, `${Math.ceil(seconds / 60)} minutes`);
  }
}

/**
 * Route options for one sensitive route: a per-address limit on every request and, when the route
 * names an account, limits on wrong answers (401s) for it that a stranger cannot turn against its
 * owner: per account and address, and an account-wide ceiling that spares the addresses the account
 * signed in from before (decision 012).
 */
export function authAttemptLimits(
  app: FastifyInstance,
  options: {
    name: string;
    perIpPerMinute: number;
    accountKey?: (request: FastifyRequest) => string | undefined;
  },
) {
  const perIp = app.rateLimit({
    max: options.perIpPerMinute,
    timeWindow: 60_000,
    keyGenerator: (r) => `${options.name}:ip:${r.ip}`,
  });
  const { accountKey } = options;
  if (!accountKey) return { preHandler: [perIp] };

  const counters = app.sharedCounters;
  const keysOf = (request: FastifyRequest, account: string) => ({
    address: `${options.name}:failed:${account}|${request.ip}`,
    account: `${options.name}:failed:${account}`,
    known: `${options.name}:known:${account}|${request.ip}`,
  });
  // Whether the address had signed in to the account, as read before the answer, for its count after.
  const wasKnown = new WeakMap<FastifyRequest, boolean>();
  return {
    preHandler: [
      perIp,
      async (request: FastifyRequest) => {
        const account = accountKey(request);
        if (!account) return;
        const keys = keysOf(request, account);
        const counts = await counters.read([keys.address, keys.account, keys.known]);
        const isKnown = counts.has(keys.known);
        wasKnown.set(request, isKnown);
        refuseBeyond(counts.get(keys.address), ADDRESS_FAILURES);
        if (!isKnown) refuseBeyond(counts.get(keys.account), ACCOUNT_FAILURES);
      },
    ],
    // Counted before the answer leaves, so the next attempt, on any server, already sees it.
    onSend: async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      const account = accountKey(request);
      if (!account || !wasKnown.has(request)) return payload;
      const keys = keysOf(request, account);
      if (reply.statusCode === 401) {
        await counters.hit(keys.address, ADDRESS_WINDOW_MS);
        if (!wasKnown.get(request)) await counters.hit(keys.account, ACCOUNT_WINDOW_MS);
      } else if (reply.statusCode < 300) {
        await counters.mark(keys.known, KNOWN_ADDRESS_MS);
      }
      return payload;
    },
  };
}
