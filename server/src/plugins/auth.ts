import type { AffiliateStatus } from '@contract/affiliates';
import { ADMIN_ROLE, AUTH_REASONS, type Role, type TokenPayload, tokenPayloadSchema } from '@contract/auth';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { affiliates, endedSessions, users } from '../db/schema';
import { AppError } from '../errors';

export type AuthUser = {
  id: number;
  role: Role;
  /** This session: its token's id and expiry, which signing out records. */
  session: { id: string; expiresAt: Date };
  /** The person's affiliate, read with the session (null for an admin or anyone without one). */
  affiliate: { id: number; status: AffiliateStatus; levelId: number | null } | null;
};

/** Who is asking: admins see every row, an affiliate only their own (another's id is a 404). */
export type Viewer = { isAdmin: true } | { isAdmin: false; affiliateId: number };

const ADMIN_VIEW: Viewer = { isAdmin: true };

const notAnAffiliate = () => new AppError('FORBIDDEN', 'Only affiliates may do this.', { reason: 'NOT_AN_AFFILIATE' });

/** The signed-in person on a route behind `authenticate`. */
export function signedIn(user: AuthUser | null): AuthUser {
  if (!user) throw new Error('signed-in route without a user');
  return user;
}

/** The signed-in person's affiliate (balances, links, levels belong to affiliates); 403 for anyone else. */
export function signedInAffiliate(user: AuthUser | null): NonNullable<AuthUser['affiliate']> {
  const affiliate = user?.affiliate;
  if (!affiliate) throw notAnAffiliate();
  return affiliate;
}

/** The viewer of a list or a row: an admin sees everything, an affiliate their own, anyone else a 403. */
export function viewerOf(user: AuthUser | null): Viewer {
  const signed = signedIn(user);
  if (signed.role === ADMIN_ROLE) return ADMIN_VIEW;
  return { isAdmin: false, affiliateId: signedInAffiliate(signed).id };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in person, set by `authenticate`. */
    user: AuthUser | null;
  }
  interface FastifyInstance {
    tokens: TokenService;
    /** onRequest hook: a valid, unexpired, correctly signed token of a current session (401 otherwise). */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** onRequest hook, after `authenticate`: the role must be exactly Administrador (403 otherwise). */
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/** Every server ends the live streams a session opened when it hears its id here (signing out). */
export const SESSION_ENDED_CHANNEL = 'afiliados_sessions_ended';

/** Only this algorithm is accepted: a token signed with another one, or `none`, is refused. */
const ALGORITHM = 'HS256';
const SESSION_AUDIENCE = 'afiliados:session';

export type TokenService = ReturnType<typeof createTokenService>;

export function createTokenService(secret: string, ttlSeconds: number) {
  const key = new TextEncoder().encode(secret);

  async function sign(claims: Record<string, unknown>, subject: string, audience: string, ttl: number) {
    return new SignJWT(claims)
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(subject)
      .setAudience(audience)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + ttl)
      .sign(key);
  }

  async function verify(token: string, audience: string) {
    const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM], audience });
    return payload;
  }

  return {
    /** The session token of SPEC.md §3: its payload carries `exp` (seconds) and `role`. */
    signSession(user: { id: number; role: Role; tokenVersion: number }) {
      return sign(
        { role: user.role, ver: user.tokenVersion, jti: crypto.randomUUID() },
        String(user.id),
        SESSION_AUDIENCE,
        ttlSeconds,
      );
    },
    async verifySession(token: string): Promise<TokenPayload> {
      return tokenPayloadSchema.parse(await verify(token, SESSION_AUDIENCE));
    },
    /** A short-lived token for one purpose (the two-step challenge), useless as a session. */
    signPurpose(purpose: string, subject: string, claims: Record<string, unknown>, ttl: number) {
      return sign(claims, subject, `afiliados:${purpose}`, ttl);
    },
    verifyPurpose(purpose: string, token: string) {
      return verify(token, `afiliados:${purpose}`);
    },
  };
}

export function isExpiredTokenError(error: unknown): boolean {
  return error instanceof joseErrors.JWTExpired;
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  return header.slice('Bearer '.length).trim() || null;
}

const unauthorized = (detail: string) => new AppError('UNAUTHORIZED', detail, { reason: AUTH_REASONS.TOKEN_INVALID });

/**
 * Reads the session token without failing: the maintenance gate needs to know whether an admin
 * is calling before the route's own guard runs.
 */
export async function optionalUser(app: FastifyInstance, request: FastifyRequest): Promise<AuthUser | null> {
  const token = bearerToken(request);
  return token ? sessionUserOf(app, token) : null;
}

/** The person a session token speaks for, or null when it is invalid, expired, outdated or ended. */
export async function sessionUserOf(app: FastifyInstance, token: string): Promise<AuthUser | null> {
  let payload: TokenPayload;
  try {
    payload = await app.tokens.verifySession(token);
  } catch {
    return null;
  }
  const id = Number(payload.sub);
  const [row] = await app.database.db
    .select({
      role: users.role,
      tokenVersion: users.tokenVersion,
      deletedAt: users.deletedAt,
      ended: sql<boolean>`exists (select 1 from ${endedSessions} where ${endedSessions.tokenId} = ${payload.jti})`,
      // The viewer, resolved here once for every route (the same row read, by a unique key).
      affiliateId: affiliates.id,
      affiliateStatus: affiliates.status,
      levelId: affiliates.levelId,
    })
    .from(users)
    .leftJoin(affiliates, eq(affiliates.userId, users.id))
    .where(eq(users.id, id));
  // A password change, reset, suspension or deactivation bumps the version: older tokens end there.
  if (!row || row.deletedAt || row.tokenVersion !== payload.ver || row.role !== payload.role) return null;
  // Signing out ends this one session.
  if (row.ended) return null;
  const affiliate =
    row.affiliateId === null || row.affiliateStatus === null
      ? null
      : { id: row.affiliateId, status: row.affiliateStatus, levelId: row.levelId };
  return { id, role: row.role, session: { id: payload.jti, expiresAt: new Date(payload.exp * 1000) }, affiliate };
}

/**
 * What `authenticate` does with a request's bearer token, for a token that came without a request
 * header (each write on the log's stream carries its own): 401 without one or with an invalid one.
 */
export async function authenticateToken(app: FastifyInstance, token: string | null | undefined): Promise<AuthUser> {
  if (!token) throw unauthorized('Sign in to continue.');
  const user = await sessionUserOf(app, token);
  if (!user) throw unauthorized('The session is invalid or has expired. Sign in again.');
  return user;
}

export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorate('tokens', createTokenService(app.config.jwtSecret, app.config.jwtTtlSeconds));
  app.decorateRequest('user', null);

  app.decorate('authenticate', async (request: FastifyRequest) => {
    if (request.user) return;
    request.user = await authenticateToken(app, bearerToken(request));
  });

  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    if (request.user?.role !== ADMIN_ROLE) {
      throw new AppError('FORBIDDEN', 'Only administrators may do this.', { reason: AUTH_REASONS.ADMIN_ONLY });
    }
  });
});
