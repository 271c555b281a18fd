import type { Page } from '@contract/common';
import { ADMIN_ROLE } from '@contract/session';
import type { createUserBodySchema, ManagedUser, updateUserBodySchema, userListQuerySchema } from '@contract/users';
import { and, asc, count, desc, eq, ilike, isNotNull, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { affiliates, passwordResets, users } from '../../db/schema';
import { AppError } from '../../errors';
import { mails } from '../../mail/templates';
import { audit } from '../audit/audit.service';
import { newAffiliateCode } from '../auth/auth.service';
import { randomToken, sha256 } from '../auth/passwords';
import { queueWebhookEvent } from '../webhooks/webhook-queue';

const INVITATION_DAYS = 7;

const managedColumns = {
  id: users.id,
  email: users.email,
  first_name: users.firstName,
  last_name: users.lastName,
  role: users.role,
  affiliate_id: affiliates.id,
  affiliate_status: affiliates.status,
  deletedAt: users.deletedAt,
  passwordHash: users.passwordHash,
  createdAt: users.createdAt,
};

type ManagedRow = { deletedAt: Date | null; passwordHash: string | null; createdAt: Date } & Omit<
  ManagedUser,
  'active' | 'has_password' | 'created_at'
>;

function toManagedUser({ deletedAt, passwordHash, createdAt, ...row }: ManagedRow): ManagedUser {
  return {
    ...row,
    active: deletedAt === null,
    has_password: passwordHash !== null,
    created_at: createdAt.toISOString(),
  };
}

const SORTS: Record<string, SQL> = {
  name: asc(users.firstName),
  '-name': desc(users.firstName),
  email: asc(users.email),
  '-email': desc(users.email),
  created_at: asc(users.createdAt),
  '-created_at': desc(users.createdAt),
};

export async function findUsers(db: Db, query: z.output<typeof userListQuerySchema>): Promise<Page<ManagedUser>> {
  const filters: SQL[] = [];
  if (query.role) filters.push(eq(users.role, query.role));
  if (query.status === 'active') filters.push(isNull(users.deletedAt));
  if (query.status === 'deactivated') filters.push(isNotNull(users.deletedAt));
  if (query.q) {
    const like = `%${query.q.replace(/[%_\\]/g, '\\$&')}%`;
    const match = or(ilike(users.firstName, like), ilike(users.lastName, like), ilike(users.email, like));
    if (match) filters.push(match);
  }
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select(managedColumns)
      .from(users)
      .leftJoin(affiliates, eq(affiliates.userId, users.id))
      .where(where)
      .orderBy(SORTS[query.sort] ?? desc(users.createdAt), desc(users.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { items: rows.map(toManagedUser), total: total?.n ?? 0, page: query.page, page_size: query.page_size };
}

export async function getManagedUser(db: Db, id: number): Promise<ManagedUser> {
  const [row] = await db
    .select(managedColumns)
    .from(users)
    .leftJoin(affiliates, eq(affiliates.userId, users.id))
    .where(eq(users.id, id));
  if (!row) throw new AppError('NOT_FOUND', `User ${id} not found.`);
  return toManagedUser(row);
}

const emailTaken = () =>
  new AppError('CONFLICT', 'An account with this email already exists.', {
    reason: 'EMAIL_TAKEN',
    errors: [{ field: 'email', message: 'is already registered' }],
  });

/** An admin registers someone: no password yet, an email to choose one; affiliates start approved. */
export async function createUser(ctx: AppContext, actorId: number, body: z.output<typeof createUserBodySchema>) {
  const token = randomToken();
  let created: ManagedUser;
  try {
    created = await ctx.db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          email: body.email,
          firstName: body.first_name,
          lastName: body.last_name,
          role: body.role,
          language: body.language,
        })
        .returning({ id: users.id });
      if (!user) throw new Error('user insert returned nothing');
      if (body.role !== ADMIN_ROLE) {
        const code = await newAffiliateCode(tx);
        const [affiliate] = await tx
          .insert(affiliates)
          .values({ userId: user.id, code, status: 'approved', approvedAt: new Date(), approvedBy: actorId })
          .returning({ id: affiliates.id });
        // Invited by an admin, the affiliate is approved at once: no registration of their own to tell of.
        await queueWebhookEvent(tx, 'affiliate.approved', {
          id: affiliate?.id,
          user_id: user.id,
          code,
          status: 'approved',
          level_id: null,
          network_id: null,
        });
      }
      await tx.insert(passwordResets).values({
        tokenHash: sha256(token),
        userId: user.id,
        expiresAt: new Date(Date.now() + INVITATION_DAYS * 86_400_000),
      });
      const managed = await getManagedUser(tx, user.id);
      await audit(tx, { actorId, action: 'user.create', entity: 'user', entityId: user.id, after: managed });
      await ctx.mailer.queue(tx, {
        to: managed.email,
        ...mails.invitation(body.language, {
          firstName: managed.first_name,
          url: `${ctx.publicUrl}/auth/resetar-senha/${token}`,
        }),
      });
      return managed;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_lower_key')) throw emailTaken();
    throw error;
  }
  return created;
}

/**
 * The programme always keeps an active administrator. The other admins' rows are locked, so two
 * admins demoting each other at once cannot both succeed.
 */
async function assertAnotherAdminRemains(db: Db, userId: number) {
  const others = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, ADMIN_ROLE), isNull(users.deletedAt), ne(users.id, userId)))
    .for('update');
  if (others.length === 0) {
    throw new AppError('CONFLICT', 'This is the last administrator: make someone else an administrator first.', {
      reason: 'LAST_ADMIN',
    });
  }
}

export async function updateUser(db: Db, actorId: number, id: number, body: z.output<typeof updateUserBodySchema>) {
  try {
    return await db.transaction(async (tx) => {
      const before = await getManagedUser(tx, id);
      if (before.role === ADMIN_ROLE && body.role && body.role !== ADMIN_ROLE && before.active) {
        await assertAnotherAdminRemains(tx, id);
      }
      const change = {
        ...(body.first_name === undefined ? {} : { firstName: body.first_name }),
        ...(body.last_name === undefined ? {} : { lastName: body.last_name }),
        ...(body.email === undefined ? {} : { email: body.email }),
        // A new role ends the sessions that carry the old one.
        ...(body.role === undefined || body.role === before.role
          ? {}
          : { role: body.role, tokenVersion: sql`${users.tokenVersion} + 1` }),
      };
      if (Object.keys(change).length) await tx.update(users).set(change).where(eq(users.id, id));
      if (body.role && body.role !== ADMIN_ROLE && before.affiliate_id === null) {
        await tx.insert(affiliates).values({
          userId: id,
          code: await newAffiliateCode(tx),
          status: 'approved',
          approvedAt: new Date(),
          approvedBy: actorId,
        });
      }
      const after = await getManagedUser(tx, id);
      await audit(tx, { actorId, action: 'user.update', entity: 'user', entityId: id, before, after });
      return after;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_lower_key')) throw emailTaken();
    throw error;
  }
}

/** Deactivation: no more sign-in, every session ends; sales, ledger and payments stay as they were. */
export async function deactivateUser(db: Db, actorId: number, id: number) {
  return db.transaction(async (tx) => {
    const before = await getManagedUser(tx, id);
    if (!before.active) return before;
    if (before.role === ADMIN_ROLE) await assertAnotherAdminRemains(tx, id);
    await tx
      .update(users)
      .set({ deletedAt: new Date(), tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, id));
    const after = await getManagedUser(tx, id);
    await audit(tx, { actorId, action: 'user.deactivate', entity: 'user', entityId: id, before, after });
    return after;
  });
}
