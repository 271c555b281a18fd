import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import {
  emptyDatabase,
  insertTwoAffiliatesAndACampaign,
  MIGRATION_TEST_TIMEOUT,
  migrateBefore,
} from '../../../test/older-install';
import { selectRows } from '../../db/client';

describe('an install made before the traffic rollups counted sales (decision 031)', () => {
  test(
    'the migration adds the approved sales with a click to both traffic rollups, and the programme rows per network',
    async () => {
      const { database, drop } = await emptyDatabase('traffic_sales');
      try {
        await migrateBefore(database, '0028_traffic_sales');
        const db = database.db;
        await insertTwoAffiliatesAndACampaign(database);
        await db.execute(sql`insert into links (id, affiliate_id, campaign_id, code, utm_source) overriding system value
        values (1, 1, 1, 'la', 'instagram'), (2, 2, 1, 'lb', '')`);
        await db.execute(sql`insert into click_traits (id, country, device, browser, os, referrer_host) overriding system value
        values (1, 'BR', 'mobile', 'Chrome', 'Android', 'instagram.com')`);
        // The clicks as the old rollup kept them: three on Ana's link, one on Bia's, on 20 November.
        for (const [link, affiliate, dimension, key, clicks] of [
          [1, 1, 'country', 'BR', 3],
          [1, 1, 'device', 'mobile', 3],
          [2, 2, 'country', 'US', 1],
          [2, 2, 'device', 'desktop', 1],
        ] as const) {
          await db.execute(sql`insert into daily_traffic (day, link_id, affiliate_id, campaign_id, dimension, key, clicks)
          values ('2026-11-20', ${link}, ${affiliate}, 1, ${dimension}, ${key}, ${clicks})`);
        }
        const at = '2026-11-20T15:00:00Z';
        // Ana: two approved sales with a click, one pending (not counted) and one approved by coupon (no click).
        for (const [status, clickId, commission] of [
          ['approved', '0193a0b0-0000-7000-8000-000000000001', 300],
          ['approved', '0193a0b0-0000-7000-8000-000000000002', 500],
          ['pending', '0193a0b0-0000-7000-8000-000000000003', 700],
          ['approved', null, 900],
        ] as const) {
          await db.execute(sql`insert into sales (campaign_id, affiliate_id, amount_cents, payment_method, source, status,
          commission_cents, commission, attributed_by, payable_at, created_at, click_id, link_id, click_traits_id, utm_source)
          values (1, 1, 10000, 'pix', 'admin', ${status}, ${commission}, '{}', ${clickId ? 'click' : 'coupon'}, ${at}, ${at},
            ${clickId}, ${clickId ? 1 : null}, ${clickId ? 1 : null}, ${clickId ? 'instagram' : ''})`);
        }

        await database.migrate();

        const perLink = await selectRows<{
          link_id: string;
          dimension: string;
          key: string;
          clicks: number;
          sales: number;
          commission_cents: string;
        }>(
          db,
          sql`select link_id, dimension, key, clicks, sales, commission_cents from daily_traffic
          where dimension in ('country', 'device', 'os') order by link_id, dimension, key`,
        );
        expect(
          perLink.map((r) => [Number(r.link_id), r.dimension, r.key, r.clicks, r.sales, Number(r.commission_cents)]),
        ).toEqual([
          [1, 'country', 'BR', 3, 2, 800],
          [1, 'device', 'mobile', 3, 2, 800],
          // A dimension the old rows had no clicks for still gets its sales.
          [1, 'os', 'Android', 0, 2, 800],
          [2, 'country', 'US', 1, 0, 0],
          [2, 'device', 'desktop', 1, 0, 0],
        ]);
        const programme = await selectRows<{
          dimension: string;
          key: string;
          network_id: string;
          clicks: string;
          sales: string;
          commission_cents: string;
        }>(
          db,
          sql`select dimension, key, network_id, clicks, sales, commission_cents from daily_traffic_by
          where dimension in ('country', 'utm_source') order by dimension, network_id, key`,
        );
        expect(
          programme.map((r) => [
            r.dimension,
            r.key,
            Number(r.network_id),
            Number(r.clicks),
            Number(r.sales),
            Number(r.commission_cents),
          ]),
        ).toEqual([
          ['country', 'US', 0, 1, 0, 0],
          ['country', 'BR', 7, 3, 2, 800],
          ['utm_source', '', 0, 1, 0, 0],
          ['utm_source', 'instagram', 7, 3, 2, 800],
        ]);
      } finally {
        await database.close();
        await drop();
      }
    },
    MIGRATION_TEST_TIMEOUT,
  );
});
