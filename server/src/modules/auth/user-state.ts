import type { UserState } from '@contract/auth';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { affiliates, levels, users } from '../../db/schema';
import { AppError } from '../../errors';

/** The user state of SPEC.md §3 for one person: strings throughout, empty where there is nothing. */
export async function getUserState(db: Db, userId: number): Promise<UserState> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      avatarUrl: users.avatarUrl,
      affiliateId: affiliates.id,
      code: affiliates.code,
      networkId: affiliates.networkId,
      levelName: levels.name,
    })
    .from(users)
    .leftJoin(affiliates, eq(affiliates.userId, users.id))
    .leftJoin(levels, eq(levels.id, affiliates.levelId))
    .where(eq(users.id, userId));
  if (!row) throw new AppError('NOT_FOUND', 'User not found.');
  const text = (value: string | number | null) => (value === null ? '' : String(value));
  return {
    afiliado_id: text(row.affiliateId),
    email: row.email,
    id: String(row.id),
    id_rede: text(row.networkId),
    nome: row.firstName,
    sobrenome: row.lastName,
    avatar: text(row.avatarUrl),
    codigo_afiliado: text(row.code),
    nivel_afiliado: text(row.levelName),
  };
}
