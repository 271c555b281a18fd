import { AUTH_REASONS } from '@contract/auth';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors';

/** Wrong answers one address may give for one account (decision 012). */
export const ADDRESS_FAILURES = 10;
const ADDRESS_WINDOW_MS = 15 * 60_000;
/** Wrong answers for one account from every address it has never signed in from, together. */
export const ACCOUNT_FAILURES = 100;
const ACCOUNT_WINDOW_MS = 60 * 60_000;
/** How long an address that signed in stays clear of the account-wide ceiling. */
const KNOWN_ADDRESS_MS = 30 * 24 * 60 * 60_000;
const KNOWN_ADDRESSES_PER_ACCOUNT = 20;
/** At this many keys a map sheds what has expired and, if still too full, its oldest tenth. */
const MAX_KEYS = 10_000;

function tooMany(retryAfterSeconds: number, after: string) {
  return new AppError('RATE_LIMITED', `Too many attempts. Try again in ${after}.`, {
    reason: AUTH_REASONS.RATE_LIMITED,
    headers: { 'retry-after': String(retryAfterSeconds) },
  });
}

/**
 * Rate limits are opt-in per route (as preHandlers, where the parsed body is known), so the click
 * redirect and ordinary API calls pay nothing. Counters live in this process.
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance) => {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => tooMany(Math.ceil(context.ttl / 1000), context.after),
  });
});

/** A text field of the body, or nothing: the body may hold anything when its validation failed. */
export function bodyText(request: FastifyRequest, field: string): string | undefined {
  const body: unknown = request.body;
  if (typeof body !== 'object' || body === null) return undefined;
  const value = (body as Record<string, unknown>)[field];
  return typeof value === 'string' ? value : undefined;
}

function prune<V>(map: Map<string, V>, isExpired: (value: V) => boolean) {
  if (map.size < MAX_KEYS) return;
  for (const [key, value] of map) if (isExpired(value)) map.delete(key);
  for (const key of map.keys()) {
    if (map.size < MAX_KEYS * 0.9) break;
    map.delete(key);
  }
}

/** Attempts per key in a fixed window. */
function createAttemptCounter(max: number, windowMs: number) {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const current = (key: string, now: number) => {
    const window = windows.get(key);
    return window && window.resetAt > now ? window : null;
  };
  return {
    /** Refuses the request when this key has used up its attempts. */
    check(key: string) {
      const now = Date.now();
      const window = current(key, now);
      if (window && window.count >= max) {
        const seconds = Math.ceil((window.resetAt - now) / 1000);
        throw tooMany(seconds, `${Math.ceil(seconds / 60)} minutes`);
      }
    },
    add(key: string) {
      const now = Date.now();
      prune(windows, (w) => w.resetAt <= now);
      const window = current(key, now) ?? { count: 0, resetAt: now + windowMs };
      window.count += 1;
      windows.set(key, window);
    },
  };
}

/** The addresses each account has signed in from lately. */
function createKnownAddresses() {
  const accounts = new Map<string, Map<string, number>>();
  return {
    has(account: string, address: string) {
      return (accounts.get(account)?.get(address) ?? 0) > Date.now();
    },
    add(account: string, address: string) {
      const now = Date.now();
      prune(accounts, (addresses) => [...addresses.values()].every((until) => until <= now));
      const addresses = accounts.get(account) ?? new Map<string, number>();
      addresses.delete(address); // re-inserted last: the newest
      addresses.set(address, now + KNOWN_ADDRESS_MS);
      if (addresses.size > KNOWN_ADDRESSES_PER_ACCOUNT) addresses.delete(addresses.keys().next().value as string);
      accounts.set(account, addresses);
    },
  };
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

  const perAddress = createAttemptCounter(ADDRESS_FAILURES, ADDRESS_WINDOW_MS);
  const perAccount = createAttemptCounter(ACCOUNT_FAILURES, ACCOUNT_WINDOW_MS);
  const known = createKnownAddresses();
  return {
    preHandler: [
      perIp,
      async (request: FastifyRequest) => {
        const account = accountKey(request);
        if (!account) return;
        perAddress.check(`${account}|${request.ip}`);
        if (!known.has(account, request.ip)) perAccount.check(account);
      },
    ],
    onResponse: async (request: FastifyRequest, reply: FastifyReply) => {
      const account = accountKey(request);
      if (!account) return;
      if (reply.statusCode === 401) {
        perAddress.add(`${account}|${request.ip}`);
        if (!known.has(account, request.ip)) perAccount.add(account);
      } else if (reply.statusCode < 300) {
        known.add(account, request.ip);
      }
    },
  };
}
