import { AUTH_REASONS } from '@contract/auth';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors';

const ACCOUNT_ATTEMPTS = 10;
const ACCOUNT_WINDOW_MS = 15 * 60_000;

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

/**
 * Attempts per key in a fixed window. @fastify/rate-limit runs one limiter per request, so the
 * per-account limit, which must hold whatever the IP, counts here.
 */
function createAttemptCounter(max: number, windowMs: number) {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return (key: string) => {
    const now = Date.now();
    if (windows.size > 10_000) {
      for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
    }
    let window = windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + windowMs };
      windows.set(key, window);
    }
    window.count += 1;
    if (window.count > max) {
      const seconds = Math.ceil((window.resetAt - now) / 1000);
      throw tooMany(seconds, `${Math.ceil(seconds / 60)} minutes`);
    }
  };
}

/** Per-IP and per-account limits for one sensitive route: both must allow the request. */
export function authAttemptLimits(
  app: FastifyInstance,
  name: string,
  perIpPerMinute: number,
  accountKey: (request: FastifyRequest) => string | undefined,
) {
  const countAccountAttempt = createAttemptCounter(ACCOUNT_ATTEMPTS, ACCOUNT_WINDOW_MS);
  return [
    app.rateLimit({ max: perIpPerMinute, timeWindow: 60_000, keyGenerator: (r) => `${name}:ip:${r.ip}` }),
    async (request: FastifyRequest) => {
      const key = accountKey(request);
      if (key) countAccountAttempt(key);
    },
  ];
}
