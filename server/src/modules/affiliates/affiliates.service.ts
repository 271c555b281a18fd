import type { Affiliate, affiliateListQuerySchema, ListedAffiliate } from '@contract/affiliates';
import type { Page } from '@contract/common';
import type { AffiliateDetails, updateAffiliateBodySchema } from '@contract/users';
import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { affiliates, levels, networks, users } from '../../db/schema';
import { AppError, fieldError } from '../../errors';
import { mails } from '../../mail/templates';
import { audit } from '../audit/audit.service';
import { notifyUsers } from '../notifications/notifications.service';
import { findAnswers } from '../programme/programme.service';
import { queueWebhookEvent } from '../webhooks/webhook-queue';

const affiliateColumns = {
  id: affiliates.id,
  user_id: affiliates.userId,
  code: affiliates.code,
  status: affiliates.status,
  status_reason: affiliates.statusReason,
  flags: affiliates.flags,
  level_id: affiliates.levelId,
  network_id: affiliates.networkId,
  first_name: users.firstName,
  last_name: users.lastName,
  email: users.email,
  createdAt: affiliates.createdAt,
  approvedAt: affiliates.approvedAt,
};

type AffiliateRow = { createdAt: Date; approvedAt: Date | null } & Omit<Affiliate, 'created_at' | 'approved_at'>;

function toAffiliate({ createdAt, approvedAt, ...row }: AffiliateRow): Affiliate {
  return { ...row, created_at: createdAt.toISOString(), approved_at: approvedAt?.toISOString() ?? null };
}

const SORTS: Record<string, SQL> = {
  created_at: asc(affiliates.createdAt),
  '-created_at': desc(affiliates.createdAt),
  name: asc(users.firstName),
  '-name': desc(users.firstName),
};

export async function findAffiliates(
  db: Db,
  query: z.output<typeof affiliateListQuerySchema>,
): Promise<Page<ListedAffiliate>> {
  const filters: SQL[] = [];
  if (query.status) filters.push(eq(affiliates.status, query.status));
  if (query.q) {
    const like = `%${query.q.replace(/[%_\\]/g, '\\$&')}%`;
    const match = or(
      ilike(users.firstName, like),
      ilike(users.lastName, like),
      ilike(users.email, like),
      ilike(affiliates.code, like),
    );
    if (match) filters.push(match);
  }
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select(affiliateColumns)
      .from(affiliates)
      .innerJoin(users, eq(users.id, affiliates.userId))
      .where(where)
      .orderBy(SORTS[query.sort] ?? desc(affiliates.createdAt), desc(affiliates.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ n: count() }).from(affiliates).innerJoin(users, eq(users.id, affiliates.userId)).where(where),
  ]);
  const answers = await findAnswers(
    db,
    rows.map((row) => row.id),
  );
  const items = rows.map((row) => ({ ...toAffiliate(row), answers: answers.get(row.id) ?? [] }));
  return { items, total: total?.n ?? 0, page: query.page, page_size: query.page_size };
}

async function lockAffiliate(db: Db, id: number) {
  const [row] = await db
    .select({ ...affiliateColumns, language: users.language })
    .from(affiliates)
    .innerJoin(users, eq(users.id, affiliates.userId))
    .where(eq(affiliates.id, id))
    .for('update', { of: affiliates });
  if (!row) throw new AppError('NOT_FOUND', `Affiliate ${id} not found.`);
  return row;
}

/** Approval: the affiliate may sign in, starts on the lowest level unless one is set, and hears of it. */
export async function approveAffiliate(ctx: AppContext, actorId: number, id: number): Promise<Affiliate> {
  return ctx.db.transaction(async (tx) => {
    const before = await lockAffiliate(tx, id);
    if (before.status === 'approved') {
      throw new AppError('CONFLICT', 'This affiliate is already approved.', { reason: 'ALREADY_APPROVED' });
    }
    const [lowest] = await tx.select({ id: levels.id }).from(levels).orderBy(asc(levels.rank)).limit(1);
    await tx
      .update(affiliates)
      .set({
        status: 'approved',
        statusReason: null,
        approvedAt: new Date(),
        approvedBy: actorId,
        levelId: before.level_id ?? lowest?.id ?? null,
      })
      .where(eq(affiliates.id, id));
    const after = await lockAffiliate(tx, id);
    await audit(tx, {
      actorId,
      action: 'affiliate.approve',
      entity: 'affiliate',
      entityId: id,
      before: toAffiliate(before),
      after: toAffiliate(after),
    });
    await queueWebhookEvent(tx, 'affiliate.approved', {
      id,
      user_id: after.user_id,
      code: after.code,
      status: 'approved',
      level_id: after.level_id,
      network_id: after.network_id,
    });
    await notifyUsers(tx, [after.user_id], {
      kind: 'affiliate.approved',
      title: 'Registration approved',
      text: `Welcome to the programme! Your affiliate code is ${after.code}.`,
      pt: { title: 'Cadastro aprovado', text: `Boas-vindas ao programa! Seu código de afiliado é ${after.code}.` },
    });
    const affiliate = toAffiliate(after);
    await ctx.mailer.queue(tx, {
      to: affiliate.email,
      ...mails.affiliateApproved(after.language, {
        firstName: affiliate.first_name,
        code: affiliate.code,
        loginUrl: `${ctx.publicUrl}/auth/login`,
      }),
    });
    return affiliate;
  });
}

export async function rejectAffiliate(
  ctx: AppContext,
  actorId: number,
  id: number,
  reason: string,
): Promise<Affiliate> {
  return ctx.db.transaction(async (tx) => {
    const before = await lockAffiliate(tx, id);
    if (before.status !== 'pending') {
      throw new AppError('CONFLICT', `Only a pending registration can be rejected (this one is ${before.status}).`, {
        reason: 'NOT_PENDING',
      });
    }
    await tx.update(affiliates).set({ status: 'rejected', statusReason: reason }).where(eq(affiliates.id, id));
    const after = await lockAffiliate(tx, id);
    await audit(tx, {
      actorId,
      action: 'affiliate.reject',
      entity: 'affiliate',
      entityId: id,
      before: toAffiliate(before),
      after: toAffiliate(after),
    });
    const affiliate = toAffiliate(after);
    await ctx.mailer.queue(tx, {
      to: affiliate.email,
      ...mails.affiliateRejected(after.language, { firstName: affiliate.first_name, reason }),
    });
    return affiliate;
  });
}

export async function getAffiliateDetails(db: Db, id: number): Promise<AffiliateDetails> {
  const [row] = await db
    .select({ affiliate: affiliates, user: users })
    .from(affiliates)
    .innerJoin(users, eq(users.id, affiliates.userId))
    .where(eq(affiliates.id, id));
  if (!row) throw new AppError('NOT_FOUND', `Affiliate ${id} not found.`);
  const { affiliate, user } = row;
  const answers = await findAnswers(db, [affiliate.id]);
  return {
    id: affiliate.id,
    user_id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    code: affiliate.code,
    status: affiliate.status,
    level_id: affiliate.levelId,
    network_id: affiliate.networkId,
    pix_key: affiliate.pixKey && affiliate.pixKeyType ? { type: affiliate.pixKeyType, key: affiliate.pixKey } : null,
    active: user.deletedAt === null,
    answers: answers.get(affiliate.id) ?? [],
  };
}

/** An admin's change to an affiliate; a suspension ends the affiliate's sessions at once. */
export async function updateAffiliate(
  db: Db,
  actorId: number,
  id: number,
  body: z.output<typeof updateAffiliateBodySchema>,
): Promise<AffiliateDetails> {
  try {
    return await db.transaction(async (tx) => {
      const before = await getAffiliateDetails(tx, id);
      if (body.status && !['approved', 'suspended'].includes(before.status)) {
        throw new AppError('CONFLICT', 'Approve or reject the registration first.', {
          reason: 'NOT_DECIDED',
          errors: [{ field: 'status', message: 'can change only once the registration is approved' }],
        });
      }
      if (body.level_id) {
        const [level] = await tx.select({ id: levels.id }).from(levels).where(eq(levels.id, body.level_id));
        if (!level) throw fieldError('level_id', 'does not exist');
      }
      if (body.network_id) {
        const [network] = await tx.select({ id: networks.id }).from(networks).where(eq(networks.id, body.network_id));
        if (!network) throw fieldError('network_id', 'does not exist');
      }
      const change = {
        ...(body.level_id === undefined ? {} : { levelId: body.level_id }),
        ...(body.network_id === undefined ? {} : { networkId: body.network_id }),
        ...(body.status === undefined ? {} : { status: body.status }),
        ...(body.code === undefined ? {} : { code: body.code }),
        ...(body.pix_key === undefined
          ? {}
          : { pixKey: body.pix_key?.key ?? null, pixKeyType: body.pix_key?.type ?? null }),
      };
      if (Object.keys(change).length) await tx.update(affiliates).set(change).where(eq(affiliates.id, id));
      if (body.status === 'suspended' && before.status !== 'suspended') {
        await tx
          .update(users)
          .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
          .where(eq(users.id, before.user_id));
      }
      const after = await getAffiliateDetails(tx, id);
      await audit(tx, { actorId, action: 'affiliate.update', entity: 'affiliate', entityId: id, before, after });
      return after;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'affiliates_code_key')) {
      throw new AppError('CONFLICT', 'Another affiliate has this code.', {
        reason: 'CODE_TAKEN',
        errors: [{ field: 'code', message: 'is used by another affiliate' }],
      });
    }
    throw error;
  }
}
