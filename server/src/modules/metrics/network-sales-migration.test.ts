import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import {
  emptyDatabase,
  insertTwoAffiliatesAndACampaign,
  MIGRATION_TEST_TIMEOUT,
  migrateBefore,
} from '../../../test/older-install';
import { selectRows } from '../../db/client';

describe('an install made before sales kept their network (decision 030)', () => {
  test(
    "the migration gives each sale its affiliate's network and rebuilds the sales rollup per network",
    async () => {
      const { database, drop } = await emptyDatabase('network_sales');
      try {
        await migrateBefore(database, '0027_network_sales');
        const db = database.db;
        await insertTwoAffiliatesAndACampaign(database);
        const at = '2026-11-20T15:00:00Z';
        for (const [affiliate, amount] of [
          [1, 1_000],
          [1, 2_000],
          [2, 4_000],
        ]) {
          await db.execute(sql`insert into sales (campaign_id, affiliate_id, amount_cents, payment_method, source, status,
          commission_cents, commission, attributed_by, payable_at, created_at)
          values (1, ${affiliate}, ${amount}, 'pix', 'admin', 'approved', 0, '{}', 'affiliate_id', ${at}, ${at})`);
        }
        // What the rollup held before: one row for the day, every network together.
        await db.execute(sql`insert into daily_sales_by (day, dimension, key, status, sales, amount_cents, commission_cents)
        values ('2026-11-20', 'payment_method', 'pix', 'approved', 3, 7000, 0)`);

        await database.migrate();

        const kept = await selectRows<{ affiliate_id: string; network_id: string | null }>(
          db,
          sql`select affiliate_id, network_id from sales order by id`,
        );
        expect(kept.map((s) => [Number(s.affiliate_id), s.network_id === null ? null : Number(s.network_id)])).toEqual([
          [1, 7],
          [1, 7],
          [2, null],
        ]);
        const rollup = await selectRows<{ network_id: string; sales: number; amount_cents: string }>(
          db,
          sql`select network_id, sales, amount_cents from daily_sales_by
          where dimension = 'payment_method' order by network_id`,
        );
        expect(rollup.map((r) => [Number(r.network_id), r.sales, Number(r.amount_cents)])).toEqual([
          [0, 1, 4_000],
          [7, 2, 3_000],
        ]);
      } finally {
        await database.close();
        await drop();
      }
    },
    MIGRATION_TEST_TIMEOUT,
  );
});
