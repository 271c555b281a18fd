import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import {
  emptyDatabase,
  insertTwoAffiliatesAndACampaign,
  MIGRATION_TEST_TIMEOUT,
  migrateBefore,
} from '../../../test/older-install';
import { selectRows } from '../../db/client';

describe('an install made before a split sale kept its first click’s link (migration 0035)', () => {
  test(
    'the sale learns the first click’s link, and the traffic rollup moves the first share onto it',
    async () => {
      const { database, drop } = await emptyDatabase('split_traffic');
      try {
        await migrateBefore(database, '0035_sales_shared_link');
        const db = database.db;
        await insertTwoAffiliatesAndACampaign(database);
        // Affiliate 1's link had the first click, affiliate 2's the last one; the sale is 2's, split.
        await db.execute(sql`insert into links (id, affiliate_id, campaign_id, code, utm_source) overriding system value
        values (1, 1, 1, 'la', 'instagram'), (2, 2, 1, 'lb', 'whatsapp')`);
        await db.execute(sql`insert into click_traits (id, country, device, browser, os, referrer_host) overriding system value
        values (1, 'BR', 'mobile', 'Chrome', 'Android', '')`);
        const [first, last] = ['0193a0b0-0000-7000-8000-00000000000a', '0193a0b0-0000-7000-8000-00000000000b'];
        await db.execute(sql`insert into clicks (id, link_id, affiliate_id, campaign_id, at, ip_hash)
        values (${first}, 1, 1, 1, now() - interval '2 hours', 'h'), (${last}, 2, 2, 1, now() - interval '1 hour', 'h')`);
        const commission = { decided_by: { kind: 'click', click_id: last, first_click_id: first } };
        const day = sql`((now() at time zone 'UTC') - interval '3 hours')::date`;
        await db.execute(sql`insert into sales (campaign_id, affiliate_id, amount_cents, payment_method, source, status,
          commission_cents, commission, attributed_by, payable_at, created_at, click_id, link_id, click_traits_id,
          utm_source, shared_affiliate_id, shared_commission_cents, shared_amount_cents)
        values (1, 2, 10001, 'pix', 'postback', 'approved', 1001, ${JSON.stringify(commission)}::jsonb, 'click', now(),
          now(), ${last}, 2, 1, 'whatsapp', 1, 500, 5000)`);
        // The rollup as the old sale step wrote it: the whole commission on the owner's link.
        for (const [dimension, key] of [
          ['country', 'BR'],
          ['device', 'mobile'],
        ] as const) {
          await db.execute(sql`insert into daily_traffic (day, link_id, affiliate_id, campaign_id, dimension, key, clicks, sales, commission_cents)
          values (${day}, 2, 2, 1, ${dimension}, ${key}, 1, 1, 1001), (${day}, 1, 1, 1, ${dimension}, ${key}, 1, 0, 0)`);
        }

        await database.migrate();

        const [sale] = await selectRows<{ shared_link_id: unknown }>(db, sql`select shared_link_id from sales`);
        expect(Number(sale?.shared_link_id)).toBe(1);
        const rows = await selectRows<{ link_id: unknown; clicks: number; sales: number; commission_cents: unknown }>(
          db,
          sql`select link_id, clicks, sales, commission_cents from daily_traffic where dimension = 'country' order by link_id`,
        );
        expect(rows.map((r) => [Number(r.link_id), r.clicks, r.sales, Number(r.commission_cents)])).toEqual([
          [1, 1, 0, 500],
          [2, 1, 1, 501],
        ]);
      } finally {
        await drop();
      }
    },
    MIGRATION_TEST_TIMEOUT,
  );
});
