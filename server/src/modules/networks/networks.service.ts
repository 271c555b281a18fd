import type { Network, NetworkDetails, networkBodySchema, networkPatchSchema } from '@contract/networks';
import { asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { affiliates, levels, networks, sales, users } from '../../db/schema';
import { AppError } from '../../errors';
import { audit } from '../audit/audit.service';
import { notifyUsers } from '../notifications/notifications.service';

/**
 * Sales of the affiliates who are members now: how many (every status, as the network's sales
 * screen lists them, so the two agree), the approved amount and the approved commission. `owner`
 * is the SQL of the affiliates to sum over.
 */
function salesTotals(owner: ReturnType<typeof sql>) {
  const of = sql`from ${sales} where ${sales.affiliateId} in (${owner})`;
  return {
    salesCount: sql<number>`(select count(*)::int ${of})`,
    approvedSalesCents: sql<string>`(select coalesce(sum(${sales.amountCents}), 0) ${of} and ${sales.status} = 'approved')`,
    commissionCents: sql<string>`(select coalesce(sum(${sales.commissionCents}), 0) ${of} and ${sales.status} = 'approved')`,
  };
}

/**
 * One member's line: their own sales and the split sales they share as the first click's
 * (docs/decisions/021), each with the member's share of amount and commission, as the member's home
 * and a campaign's line per affiliate count them. A split between two members is on both lines and
 * once in the network's totals.
 */
function memberTotals(member: ReturnType<typeof sql>) {
  const of = sql`from ${sales} where (${sales.affiliateId} = ${member} or ${sales.sharedAffiliateId} = ${member})`;
  const share = (whole: ReturnType<typeof sql>, shared: ReturnType<typeof sql>) =>
    sql`case when ${sales.affiliateId} = ${member} then ${whole} - ${shared} else ${shared} end`;
  const approved = sql`${of} and ${sales.status} = 'approved'`;
  return {
    salesCount: sql<number>`(select count(*)::int ${of})`,
    approvedSalesCents: sql<string>`(select coalesce(sum(${share(sql`${sales.amountCents}`, sql`${sales.sharedAmountCents}`)}), 0) ${approved})`,
    commissionCents: sql<string>`(select coalesce(sum(${share(sql`${sales.commissionCents}`, sql`${sales.sharedCommissionCents}`)}), 0) ${approved})`,
  };
}

function networkQuery(db: Db) {
  // Spelled out: in a one-table select Drizzle writes a bare "id", which the subquery would take as its own.
  const networkId = sql`${networks}.id`;
  const members = sql`select a.id from ${affiliates} a where a.network_id = ${networkId}`;
  return db
    .select({
      ...getTableColumns(networks),
      memberCount: sql<number>`(select count(*)::int from ${affiliates} a where a.network_id = ${networkId})`,
      ...salesTotals(members),
    })
    .from(networks);
}

const totalsOf = (row: { salesCount: number; approvedSalesCents: string; commissionCents: string }) => ({
  sales_count: Number(row.salesCount),
  approved_sales_cents: Number(row.approvedSalesCents),
  commission_cents: Number(row.commissionCents),
});

function toNetwork(row: Awaited<ReturnType<typeof networkQuery>>[number]): Network {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    member_count: Number(row.memberCount),
    ...totalsOf(row),
    created_at: row.createdAt.toISOString(),
  };
}

export async function findNetworks(db: Db): Promise<Network[]> {
  return (await networkQuery(db).orderBy(asc(networks.name))).map(toNetwork);
}

export async function getNetworkById(db: Db, id: number): Promise<NetworkDetails> {
  const [row] = await networkQuery(db).where(eq(networks.id, id));
  if (!row) throw new AppError('NOT_FOUND', `Network ${id} not found.`);
  const members = await db
    .select({
      affiliate_id: affiliates.id,
      first_name: users.firstName,
      last_name: users.lastName,
      email: users.email,
      code: affiliates.code,
      status: affiliates.status,
      level_name: levels.name,
      ...memberTotals(sql`${affiliates.id}`),
    })
    .from(affiliates)
    .innerJoin(users, eq(users.id, affiliates.userId))
    .leftJoin(levels, eq(levels.id, affiliates.levelId))
    .where(eq(affiliates.networkId, id))
    .orderBy(asc(users.firstName), asc(users.lastName));
  return {
    ...toNetwork(row),
    members: members.map(({ salesCount, approvedSalesCents, commissionCents, ...member }) => ({
      ...member,
      ...totalsOf({ salesCount, approvedSalesCents, commissionCents }),
    })),
  };
}

const nameTaken = () =>
  new AppError('CONFLICT', 'A network with this name already exists.', {
    reason: 'NAME_TAKEN',
    errors: [{ field: 'name', message: 'is already used by another network' }],
  });

export async function createNetwork(db: Db, actorId: number, body: z.output<typeof networkBodySchema>) {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(networks)
        .values({ name: body.name, description: body.description ?? null })
        .returning({ id: networks.id });
      const network = await getNetworkById(tx, row?.id ?? 0);
      await audit(tx, { actorId, action: 'network.create', entity: 'network', entityId: network.id, after: network });
      return network;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

export async function updateNetwork(db: Db, actorId: number, id: number, body: z.output<typeof networkPatchSchema>) {
  try {
    return await db.transaction(async (tx) => {
      const { members: _m, ...before } = await getNetworkById(tx, id);
      const change = {
        ...(body.name === undefined ? {} : { name: body.name }),
        ...(body.description === undefined ? {} : { description: body.description }),
      };
      if (Object.keys(change).length) await tx.update(networks).set(change).where(eq(networks.id, id));
      const after = await getNetworkById(tx, id);
      const { members: _n, ...afterSummary } = after;
      await audit(tx, {
        actorId,
        action: 'network.update',
        entity: 'network',
        entityId: id,
        before,
        after: afterSummary,
      });
      return after;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

/**
 * An affiliate belongs to one network at a time: taking them from another one needs `move`,
 * so the admin confirms it knowingly.
 */
export async function addNetworkMember(db: Db, actorId: number, networkId: number, affiliateId: number, move: boolean) {
  return db.transaction(async (tx) => {
    const network = await getNetworkById(tx, networkId);
    const [affiliate] = await tx
      .select({
        id: affiliates.id,
        userId: affiliates.userId,
        networkId: affiliates.networkId,
        currentName: networks.name,
      })
      .from(affiliates)
      .leftJoin(networks, eq(networks.id, affiliates.networkId))
      .where(eq(affiliates.id, affiliateId))
      .for('update', { of: affiliates });
    if (!affiliate) {
      throw new AppError('NOT_FOUND', `Affiliate ${affiliateId} not found.`, {
        errors: [{ field: 'affiliate_id', message: 'does not exist' }],
      });
    }
    if (affiliate.networkId === networkId) return network;
    if (affiliate.networkId !== null && !move) {
      throw new AppError('CONFLICT', `This affiliate belongs to the network “${affiliate.currentName}”.`, {
        reason: 'IN_OTHER_NETWORK',
        extensions: { current_network: affiliate.currentName ?? '', current_network_id: affiliate.networkId },
      });
    }
    await tx.update(affiliates).set({ networkId }).where(eq(affiliates.id, affiliateId));
    await audit(tx, {
      actorId,
      action: 'affiliate.network',
      entity: 'affiliate',
      entityId: affiliateId,
      before: { network_id: affiliate.networkId },
      after: { network_id: networkId },
    });
    await notifyUsers(tx, [affiliate.userId], {
      kind: 'affiliate.network',
      title: 'Network changed',
      text: `You are now part of the network “${network.name}”.`,
      pt: { title: 'Rede alterada', text: `Agora você faz parte da rede “${network.name}”.` },
      data: { network_id: networkId },
    });
    return getNetworkById(tx, networkId);
  });
}

export async function removeNetworkMember(db: Db, actorId: number, networkId: number, affiliateId: number) {
  return db.transaction(async (tx) => {
    const [affiliate] = await tx.select().from(affiliates).where(eq(affiliates.id, affiliateId));
    if (!affiliate || affiliate.networkId !== networkId) {
      throw new AppError('NOT_FOUND', 'This affiliate is not a member of this network.');
    }
    await tx.update(affiliates).set({ networkId: null }).where(eq(affiliates.id, affiliateId));
    await audit(tx, {
      actorId,
      action: 'affiliate.network',
      entity: 'affiliate',
      entityId: affiliateId,
      before: { network_id: networkId },
      after: { network_id: null },
    });
    return getNetworkById(tx, networkId);
  });
}
