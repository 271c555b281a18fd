import { ADMIN_ROLE } from '@contract/auth';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startChildServer } from '../../../test/child-server';
import { createSignedIn } from '../../../test/fixtures';
import { createPostgresCopy, testConfig } from '../../../test/helper';
import { buildApp } from '../../app';
import { openDatabase } from '../../db/client';
import { affiliates, campaigns } from '../../db/schema';

/** How long the merchant sends sales before the server is killed, and how many at once. */
const LOAD_MS = 3_000;
const CONNECTIONS = 20;

let copy: Awaited<ReturnType<typeof createPostgresCopy>>;
let apiKey = '';
let campaignId = 0;
let affiliateCode = '';

const saleOf = (n: number) => ({
  campaign_id: campaignId,
  external_id: `crash-${n}`,
  amount_cents: 10_000 + n,
  payment_method: 'pix',
  affiliate_code: affiliateCode,
});

describe('the postback under kill -9', () => {
  beforeAll(async () => {
    copy = await createPostgresCopy();
    const database = await openDatabase({ databaseUrl: copy.url, poolSize: 2 });
    const app = await buildApp({ config: testConfig('.tmp/postback-crash'), database, logger: false });
    const admin = await createSignedIn(app, database.db, { role: ADMIN_ROLE });
    const ana = await createSignedIn(app, database.db);
    const [affiliate] = await database.db
      .select()
      .from(affiliates)
      .where(eq(affiliates.id, ana.user.affiliateId ?? 0));
    affiliateCode = affiliate?.code ?? '';
    const [campaign] = await database.db
      .insert(campaigns)
      .values({ name: 'Loja', destinationUrl: 'https://loja.example.com/', cookieDays: 30, holdDays: 7 })
      .returning();
    campaignId = campaign?.id ?? 0;
    const key = await app.inject({
      method: 'POST',
      url: '/api/v1/api-keys',
      headers: admin.headers,
      payload: { name: 'Loja', signed: false },
    });
    apiKey = key.json().key;
    await app.close();
    await database.close();
  });
  afterAll(async () => copy?.drop());

  test('POST /postback: every acknowledged sale survives kill -9, and none is recorded twice after the retries', async () => {
    const post = (base: string, n: number) =>
      fetch(`${base}/api/v1/postback`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
        body: JSON.stringify(saleOf(n)),
      });
    let server = await startChildServer(copy.url);
    const acknowledged = new Set<number>();
    let sent = 0;
    let killed = false;
    const merchant = async () => {
      while (!killed) {
        const n = ++sent;
        const res = await post(server.base, n).catch(() => null);
        if (res?.ok) acknowledged.add(n);
      }
    };
    const merchants = Array.from({ length: CONNECTIONS }, merchant);
    await new Promise((resolve) => setTimeout(resolve, LOAD_MS));
    killed = true;
    await server.kill9();
    await Promise.all(merchants);

    const reader = new pg.Client({ connectionString: copy.url });
    await reader.connect();
    const stored = async () =>
      (
        await reader.query<{ external_id: string }>('select external_id from sales where campaign_id = $1', [
          campaignId,
        ])
      ).rows;
    const afterCrash = new Set((await stored()).map((row) => row.external_id));
    const lost = [...acknowledged].filter((n) => !afterCrash.has(`crash-${n}`));

    // The merchant sends again everything it sent, acknowledged or not, to the restarted server.
    server = await startChildServer(copy.url);
    const statuses = new Map<number, number>();
    for (let n = 1; n <= sent; n++) statuses.set(n, (await post(server.base, n)).status);
    await server.stop();
    const afterRetries = (await stored()).map((row) => row.external_id);
    await reader.end();

    console.log(
      `kill -9 after ${LOAD_MS} ms of postbacks: ${sent} sent, ${acknowledged.size} acknowledged, ` +
        `${afterCrash.size} stored, ${lost.length} acknowledged and lost; ${afterRetries.length} stored after the retries`,
    );
    expect(acknowledged.size).toBeGreaterThan(20);
    expect(lost).toEqual([]);
    // A retry of an acknowledged sale answers the same sale (200); the rest are recorded now (201).
    for (const n of acknowledged) expect(statuses.get(n)).toBe(200);
    expect([...statuses.values()].every((status) => status === 200 || status === 201)).toBe(true);
    expect(afterRetries).toHaveLength(sent);
    expect(new Set(afterRetries).size).toBe(sent);
  }, 60_000);
});
