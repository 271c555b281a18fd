import { ADMIN_ROLE, AFFILIATE_ROLE, type Role } from '@contract/auth';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/client';
import { affiliates, mailDeliveries, users } from '../src/db/schema';
import { hashPassword } from '../src/modules/auth/passwords';

export const PASSWORD = 'correct-horse-9';
let sequence = 0;

/** A person straight in the database (registration has its own tests). */
export async function createUser(
  db: Db,
  options: {
    role?: Role;
    status?: 'pending' | 'approved' | 'rejected' | 'suspended';
    email?: string;
    password?: string;
  } = {},
) {
  const role = options.role ?? AFFILIATE_ROLE;
  const n = ++sequence;
  const email = options.email ?? `${role === ADMIN_ROLE ? 'admin' : 'affiliate'}${n}-${process.pid}@example.com`;
  const [user] = await db
    .insert(users)
    .values({
      email,
      passwordHash: await hashPassword(options.password ?? PASSWORD),
      firstName: role === ADMIN_ROLE ? 'Admin' : 'Afi',
      lastName: `Test${n}`,
      role,
    })
    .returning();
  if (!user) throw new Error('no user');
  let affiliateId: number | null = null;
  if (role === AFFILIATE_ROLE) {
    const [affiliate] = await db
      .insert(affiliates)
      .values({ userId: user.id, code: `TEST${process.pid}X${n}`, status: options.status ?? 'approved' })
      .returning({ id: affiliates.id });
    affiliateId = affiliate?.id ?? null;
  }
  return { ...user, affiliateId, password: options.password ?? PASSWORD };
}

export async function signIn(app: FastifyInstance, email: string, password = PASSWORD): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password } });
  if (res.statusCode !== 200 || !res.json().token) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return res.json().token;
}

export async function createSignedIn(app: FastifyInstance, db: Db, options: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(db, options);
  const token = await signIn(app, user.email, user.password);
  return { user, token, headers: { authorization: `Bearer ${token}` } };
}

export function mailsTo(db: Db, to: string) {
  return db.select().from(mailDeliveries).where(eq(mailDeliveries.to, to)).orderBy(mailDeliveries.id);
}

/** The payload of a JWT, without checking it (what the browser does with the session token). */
export function decodeToken(token: string): Record<string, unknown> {
  const [, payload] = token.split('.');
  return JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8'));
}

/** A sale an admin records and then approves, through the API (so its commission enters the ledger). */
export async function recordApprovedSale(
  app: FastifyInstance,
  adminHeaders: Record<string, string>,
  payload: Record<string, unknown>,
): Promise<number> {
  const created = await app.inject({
    method: 'POST',
    url: '/api/v1/sales',
    headers: adminHeaders,
    payload: { payment_method: 'pix', ...payload },
  });
  if (created.statusCode !== 201) throw new Error(`POST /sales answered ${created.statusCode}: ${created.body}`);
  const id = created.json().id as number;
  const approved = await app.inject({ method: 'POST', url: `/api/v1/sales/${id}/approve`, headers: adminHeaders });
  if (approved.statusCode !== 200)
    throw new Error(`approving sale ${id} answered ${approved.statusCode}: ${approved.body}`);
  return id;
}
