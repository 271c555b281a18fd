import { AUTH_REASONS } from '@contract/auth';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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
      if (windows.size > 10_000) {
        for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
      }
      const window = current(key, now) ?? { count: 0, resetAt: now + windowMs };
      window.count += 1;
      windows.set(key, window);
    },
  };
}

/**
 * Route options for one sensitive route: a per-IP limit on every request, and a per-account limit
 * on failed attempts (or on every attempt, for routes that always succeed, such as forgot-password,
 * so nobody can flood a person's inbox).
 */
export function authAttemptLimits(
  app: FastifyInstance,
  options: {
    name: string;
    perIpPerMinute: number;
    accountKey: (request: FastifyRequest) => string | undefined;
    countEveryAttempt?: boolean;
  },
) {
  const attempts = createAttemptCounter(ACCOUNT_ATTEMPTS, ACCOUNT_WINDOW_MS);
  return {
    preHandler: [
      app.rateLimit({
        max: options.perIpPerMinute,
        timeWindow: 60_000,
        keyGenerator: (r) => `${options.name}:ip:${r.ip}`,
      }),
      async (request: FastifyRequest) => {
        const key = options.accountKey(request);
        if (key) attempts.check(key);
      },
    ],
    onResponse: async (request: FastifyRequest, reply: FastifyReply) => {
      const failed = reply.statusCode >= 400 && reply.statusCode !== 429;
      const key = options.accountKey(request);
      if (key && (options.countEveryAttempt || failed)) attempts.add(key);
    },
  };
}
