import type { Level, levelBodySchema, levelPatchSchema } from '@contract/levels';
import { asc, count, eq, getTableColumns } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { affiliates, levels } from '../../db/schema';
import { AppError } from '../../errors';
import { audit } from '../audit/audit.service';

function levelQuery(db: Db) {
  return db
    .select({ ...getTableColumns(levels), affiliateCount: count(affiliates.id) })
    .from(levels)
    .leftJoin(affiliates, eq(affiliates.levelId, levels.id))
    .groupBy(levels.id);
}

type LevelRow = Awaited<ReturnType<typeof levelQuery>>[number];

function toLevel(row: LevelRow): Level {
  return {
    id: row.id,
    name: row.name,
    rank: row.rank,
    commission_bps: row.commissionBps,
    min_sales_cents: row.minSalesCents,
    description: row.description,
    affiliate_count: row.affiliateCount,
  };
}

export async function findLevels(db: Db): Promise<Level[]> {
  return (await levelQuery(db).orderBy(asc(levels.rank), asc(levels.id))).map(toLevel);
}

export async function getLevelById(db: Db, id: number): Promise<Level> {
  const [row] = await levelQuery(db).where(eq(levels.id, id));
  if (!row) throw new AppError('NOT_FOUND', `Level ${id} not found.`);
  return toLevel(row);
}

const nameTaken = () =>
  new AppError('CONFLICT', 'A level with this name already exists.', {
    reason: 'NAME_TAKEN',
    errors: [{ field: 'name', message: 'is already used by another level' }],
  });

export async function createLevel(db: Db, actorId: number, body: z.output<typeof levelBodySchema>): Promise<Level> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(levels)
        .values({
          name: body.name,
          rank: body.rank,
          commissionBps: body.commission_bps,
          minSalesCents: body.min_sales_cents,
          description: body.description ?? null,
        })
        .returning({ id: levels.id });
      const level = await getLevelById(tx, row?.id ?? 0);
      await audit(tx, { actorId, action: 'level.create', entity: 'level', entityId: level.id, after: level });
      return level;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

export async function updateLevel(
  db: Db,
  actorId: number,
  id: number,
  body: z.output<typeof levelPatchSchema>,
): Promise<Level> {
  try {
    return await db.transaction(async (tx) => {
      const before = await getLevelById(tx, id);
      const change = {
        ...(body.name === undefined ? {} : { name: body.name }),
        ...(body.rank === undefined ? {} : { rank: body.rank }),
        ...(body.commission_bps === undefined ? {} : { commissionBps: body.commission_bps }),
        ...(body.min_sales_cents === undefined ? {} : { minSalesCents: body.min_sales_cents }),
        ...(body.description === undefined ? {} : { description: body.description }),
      };
      if (Object.keys(change).length) await tx.update(levels).set(change).where(eq(levels.id, id));
      const after = await getLevelById(tx, id);
      await audit(tx, { actorId, action: 'level.update', entity: 'level', entityId: id, before, after });
      return after;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

/** A level someone holds stays: moving them first is a decision, not a side effect. */
export async function deleteLevel(db: Db, actorId: number, id: number) {
  await db.transaction(async (tx) => {
    const level = await getLevelById(tx, id);
    if (level.affiliate_count > 0) {
      throw new AppError('CONFLICT', `${level.affiliate_count} affiliate(s) hold this level; move them first.`, {
        reason: 'LEVEL_IN_USE',
        extensions: { affiliate_count: level.affiliate_count },
      });
    }
    await tx.delete(levels).where(eq(levels.id, id));
    await audit(tx, { actorId, action: 'level.delete', entity: 'level', entityId: id, before: level });
  });
}
