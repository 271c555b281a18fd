import { ADMIN_ROLE, AUTH_REASONS, type Maintenance } from '@contract/auth';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { onChange } from '../db/change-feed';
import type { Db } from '../db/client';
import { settings } from '../db/schema';
import { AppError } from '../errors';
import { type AuthUser, optionalUser } from './auth';

declare module 'fastify' {
  interface FastifyInstance {
    maintenance: { current(): Promise<Maintenance> };
  }
}

export const MAINTENANCE_KEY = 'maintenance';

/** The switch as stored: read here, beside the gate, so the gate needs nothing above the plugins. */
export async function getMaintenance(db: Db): Promise<Maintenance> {
  const [row] = await db.select().from(settings).where(eq(settings.key, MAINTENANCE_KEY));
  return (row?.value as Maintenance | undefined) ?? { enabled: false };
}

/** Every server drops it on the change feed; this lifetime only bounds a lost notice. */
const CACHE_MS = 2_000;

/** Paths that keep answering during maintenance: probes, the status itself, and sign-in (admins). */
const OPEN_PATHS = new Set([
  '/api/v1/health',
  '/api/v1/ready',
  '/api/v1/settings/maintenance',
  '/api/v1/auth/login',
  '/api/v1/auth/two-steps',
  // The log's write stream opens without a token (a browser's WebSocket sends no header): each
  // write on it carries one and passes this gate itself (passMaintenance, log-stream.ts).
  '/api/v1/logs/stream',
]);

/**
 * While maintenance is on, only administrators pass: returns the admin it looked up (null when
 * maintenance is off) and throws the 503 for anyone else.
 */
export async function passMaintenance(
  app: FastifyInstance,
  lookUp: () => Promise<AuthUser | null>,
): Promise<AuthUser | null> {
  const maintenance = await app.maintenance.current();
  if (!maintenance.enabled) return null;
  const user = await lookUp();
  if (user?.role === ADMIN_ROLE) return user;
  throw new AppError('UNAVAILABLE', maintenance.message || 'The portal is under maintenance.', {
    reason: AUTH_REASONS.MAINTENANCE,
  });
}

/** While maintenance is on, the API answers 503 to everyone but administrators. */
export const maintenancePlugin = fp(async (app: FastifyInstance) => {
  let cached: { value: Maintenance; at: number } | null = null;
  app.decorate('maintenance', {
    async current() {
      if (!cached || Date.now() - cached.at > CACHE_MS) {
        cached = { value: await getMaintenance(app.database.db), at: Date.now() };
      }
      return cached.value;
    },
  });
  const unsubscribe = onChange(app.database.db, 'maintenance', () => {
    cached = null;
  });
  app.addHook('onClose', async () => unsubscribe());

  app.addHook('onRequest', async (request: FastifyRequest) => {
    const path = request.url.split('?')[0] ?? '';
    if (!path.startsWith('/api/v1/') || OPEN_PATHS.has(path)) return;
    const admin = await passMaintenance(app, () => optionalUser(app, request));
    if (admin) request.user = admin;
  });
});
