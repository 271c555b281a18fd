import { resolve } from 'node:path';
import { PAYOUT_PROVIDERS, type PayoutProvider } from '@contract/payouts';
import { z } from 'zod';
import { compileProxyTrust, type TrustProxy } from './client-address';

/** Every environment variable the server reads, parsed once (DESIGN.md §8). */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  /** A streaming replica of DATABASE_URL for metrics and exports (docs/decisions/028). */
  READ_DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  JWT_TTL_SECONDS: z.coerce.number().int().min(60).max(2_592_000).default(28_800),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(10, 'must be at least 10 characters').optional(),
  DEMO_DATA: z.enum(['0', '1']).default('0'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MIN_REDEMPTION_CENTS: z.coerce.number().int().min(1).default(1000),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  TRUST_PROXY: z.string().optional(),
  // What leaves the portal (postbacks, webhooks, mail: docs/decisions/033). The POSTBACK_ names are
  // the old ones, still read (with a warning at start) when the new one is unset.
  OUTBOUND_ALLOW_PRIVATE: z.enum(['0', '1']).optional(),
  OUTBOUND_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).optional(),
  POSTBACK_ALLOW_PRIVATE: z.enum(['0', '1']).optional(),
  POSTBACK_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).optional(),
  // Raw clicks older than this many whole months are dropped (the rollups keep every figure); 0 keeps
  // them all. At least 13: a sale may name a click from up to 365 days before (the longest cookie).
  CLICK_RETENTION_MONTHS: z.coerce
    .number()
    .int()
    .refine((months) => months === 0 || (months >= 13 && months <= 1200), 'must be 0 (keep every click) or 13 to 1200')
    .default(25),
  // How payout batches are paid (docs/decisions/037): by the admin in the bank (manual) or by Asaas.
  PAYOUT_PROVIDER: z.enum(PAYOUT_PROVIDERS).default('manual'),
  ASAAS_API_KEY: z.string().min(8).optional(),
  ASAAS_ENVIRONMENT: z.enum(['sandbox', 'production']).default('sandbox'),
  /** Only for tests and proxies: replaces the environment's documented base URL. */
  ASAAS_BASE_URL: z.url().optional(),
  /** The authentication token set on the Asaas webhook; it arrives in the `asaas-access-token` header. */
  ASAAS_WEBHOOK_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Prometheus metrics on a port of their own; off when unset (docs/decisions/039). */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /** The bearer token a scraper sends; required when METRICS_HOST is not a loopback address. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
});

export type Config = {
  port: number;
  host: string;
  /** PUBLIC_URL, else http://localhost:PORT (behind a trusted proxy, its forwarded host wins: public-address.ts). */
  publicUrl: string;
  isPublicUrlSet: boolean;
  databaseUrl: string | undefined;
  readDatabaseUrl: string | undefined;
  dataDir: string;
  /** JWT_SECRET, else the one every server of the database shares (db/server-secret.ts). */
  jwtSecret: string;
  jwtTtlSeconds: number;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  demoData: boolean;
  smtpUrl: string | undefined;
  minRedemptionCents: number;
  /** Sign-in, two-step and forgot-password attempts one IP may make per minute. */
  authRateLimitPerMinute: number;
  /** Proxies whose X-Forwarded-For names the client; none by default, so the socket peer is the client. */
  trustProxy: TrustProxy;
  /** Postbacks and webhooks may go to private, loopback and link-local addresses (and there over http). */
  outboundAllowPrivate: boolean;
  /** How long one outbound attempt may take, from the lookup to the receiver's status line (SMTP: to its greeting). */
  outboundTimeoutMs: number;
  /** Settings read under an old name (POSTBACK_ALLOW_PRIVATE...): the server warns of each at start. */
  deprecatedSettings: string[];
  /** Whole months of raw clicks kept (0: all); older partitions are dropped (tracking/click-partitions.ts). */
  clickRetentionMonths: number;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  payoutProvider: PayoutProvider;
  /** Asaas's API: key, base URL (sandbox or production, as documented) and the webhook's token. */
  asaas: { apiKey: string | undefined; baseUrl: string; webhookToken: string | undefined };
  /** Prometheus metrics: off without a port; a token to send when set. */
  metrics: { port: number | undefined; host: string; token: string | undefined };
};

/** Asaas's documented base URLs (https://docs.asaas.com/docs/authentication-2). */
export const ASAAS_BASE_URLS = {
  sandbox: 'https://api-sandbox.asaas.com/v3',
  production: 'https://api.asaas.com/v3',
} as const;

/** The configuration as the environment gives it, before the database supplies a missing secret. */
export type StartConfig = Omit<Config, 'jwtSecret'> & { jwtSecret: string | undefined };

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Empty strings count as unset, so `PORT= npm start` behaves like no PORT at all. */
function withoutEmpty(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''),
  );
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): StartConfig {
  const parsed = envSchema.safeParse(withoutEmpty(env));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if ((e.ADMIN_EMAIL === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError('Invalid environment:\n  ADMIN_EMAIL and ADMIN_PASSWORD: set both or neither');
  }
  if (e.READ_DATABASE_URL && !e.DATABASE_URL) {
    throw new ConfigError('Invalid environment:\n  READ_DATABASE_URL: needs DATABASE_URL (a replica of it)');
  }
  if (e.PAYOUT_PROVIDER === 'asaas' && (!e.ASAAS_API_KEY || !e.ASAAS_WEBHOOK_TOKEN)) {
    throw new ConfigError(
      'Invalid environment:\n  PAYOUT_PROVIDER=asaas: needs ASAAS_API_KEY and ASAAS_WEBHOOK_TOKEN (the webhook’s authentication token)',
    );
  }
  if (e.METRICS_PORT !== undefined && !e.METRICS_TOKEN && !/^(127\.|::1$|localhost$)/.test(e.METRICS_HOST)) {
    throw new ConfigError(
      'Invalid environment:\n  METRICS_HOST: beyond loopback the metrics need METRICS_TOKEN (the scraper’s bearer token)',
    );
  }
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  const dataDir = resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    isPublicUrlSet: e.PUBLIC_URL !== undefined,
    databaseUrl: e.DATABASE_URL,
    readDatabaseUrl: e.READ_DATABASE_URL,
    dataDir,
    jwtSecret: e.JWT_SECRET,
    jwtTtlSeconds: e.JWT_TTL_SECONDS,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    demoData: e.DEMO_DATA === '1',
    smtpUrl: e.SMTP_URL,
    minRedemptionCents: e.MIN_REDEMPTION_CENTS,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    trustProxy,
    outboundAllowPrivate: (e.OUTBOUND_ALLOW_PRIVATE ?? e.POSTBACK_ALLOW_PRIVATE ?? '0') === '1',
    outboundTimeoutMs: e.OUTBOUND_TIMEOUT_MS ?? e.POSTBACK_TIMEOUT_MS ?? 5_000,
    deprecatedSettings: (['POSTBACK_ALLOW_PRIVATE', 'POSTBACK_TIMEOUT_MS'] as const).filter(
      (name) => e[name] !== undefined,
    ),
    clickRetentionMonths: e.CLICK_RETENTION_MONTHS,
    logLevel: e.LOG_LEVEL,
    payoutProvider: e.PAYOUT_PROVIDER,
    asaas: {
      apiKey: e.ASAAS_API_KEY,
      baseUrl: (e.ASAAS_BASE_URL ?? ASAAS_BASE_URLS[e.ASAAS_ENVIRONMENT]).replace(/\/+$/, ''),
      webhookToken: e.ASAAS_WEBHOOK_TOKEN,
    },
    metrics: { port: e.METRICS_PORT, host: e.METRICS_HOST, token: e.METRICS_TOKEN },
  };
}

/** `2` (hops), `10.0.0.0/8,127.0.0.1` or `loopback` (addresses and ranges); unset or `0`: none. */
function parseTrustProxy(value: string | undefined): TrustProxy {
  if (value === undefined || value.trim() === '0') return false;
  if (/^\s*\d+\s*$/.test(value)) return Number(value);
  const addresses = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  try {
    compileProxyTrust(addresses);
  } catch (error) {
    throw new ConfigError(`Invalid environment:\n  TRUST_PROXY: ${(error as Error).message}`);
  }
  return addresses;
}
