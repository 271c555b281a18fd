import { ADMIN_ROLE } from '@contract/auth';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type AsaasFake, startAsaasFake } from '../../../test/asaas-fake';
import { startChildServer } from '../../../test/child-server';
import { createSignedIn } from '../../../test/fixtures';
import { createPostgresCopy, type TestApp, testConfig } from '../../../test/helper';
import { approvedRedemption, fullCommissionCampaign } from '../../../test/redemption-fixtures';
import { buildApp } from '../../app';
import { openDatabase } from '../../db/client';

const API_KEY = '$aact_hmlg_000000000000000000000000crash';
const TOKEN = 'c0ffee00-5b7d-4c9e-8f10-crash-token';

let copy: Awaited<ReturnType<typeof createPostgresCopy>>;
let fake: AsaasFake;
let itemId = 0;
let redemptionId = 0;

const asaasEnv = () => ({
  PAYOUT_PROVIDER: 'asaas',
  ASAAS_API_KEY: API_KEY,
  ASAAS_WEBHOOK_TOKEN: TOKEN,
  ASAAS_BASE_URL: fake.url,
  OUTBOUND_TIMEOUT_MS: '1000',
});

describe('a payout under kill -9', () => {
  beforeAll(async () => {
    copy = await createPostgresCopy();
    // Asaas takes the transfer at once and answers 60 s later: the server is killed in between.
    fake = await startAsaasFake({ apiKey: API_KEY, slowMs: 60_000 });
    const database = await openDatabase({ databaseUrl: copy.url, poolSize: 2 });
    const app = await buildApp({ config: testConfig('.tmp/payout-crash', asaasEnv()), database, logger: false });
    const t = { app, database } as unknown as TestApp;
    const admin = await createSignedIn(app, database.db, { role: ADMIN_ROLE });
    const r = await approvedRedemption(t, admin, await fullCommissionCampaign(t), 45_600, {
      pix_key: 'lenta@example.com',
      pix_key_type: 'email',
    });
    redemptionId = r.id;
    const call = (url: string, payload: unknown) =>
      app.inject({ method: 'POST', url: `/api/v1${url}`, headers: admin.headers, payload: payload as object });
    const batch = (await call('/payout-batches', { redemption_ids: [r.id] })).json();
    expect((await call(`/payout-batches/${batch.id}/pay`, {})).json().status).toBe('paying');
    itemId = batch.items[0].id;
    await app.close();
    await database.close();
  }, 60_000);
  afterAll(async () => {
    await copy?.drop();
    await fake?.close();
  });

  test('a server killed between Asaas taking the transfer and our commit: the next server finds it, one PIX, paid once', async () => {
    let server = await startChildServer(copy.url, asaasEnv());
    // Its worker (every 5 s) sends the PIX; Asaas has it, the answer has not come back.
    const until = async (check: () => boolean | Promise<boolean>, ms: number) => {
      const deadline = Date.now() + ms;
      while (Date.now() < deadline && !(await check())) await new Promise((resolve) => setTimeout(resolve, 200));
    };
    await until(() => fake.transfers.length === 1, 20_000);
    expect(fake.transfers.map((x) => x.externalReference)).toEqual([`afiliados-payout-${itemId}`]);
    await server.kill9();

    const reader = new pg.Client({ connectionString: copy.url });
    await reader.connect();
    const item = async () =>
      (
        await reader.query<{ status: string; attempts: number; provider_transfer_id: string | null }>(
          'select status, attempts, provider_transfer_id from payout_items where id = $1',
          [itemId],
        )
      ).rows[0];
    expect(await item()).toMatchObject({ status: 'sending', attempts: 1, provider_transfer_id: null });

    // A new server takes the item once the dead one's hold runs out (1 s × 2 + 30 s), and finds the transfer.
    server = await startChildServer(copy.url, asaasEnv());
    try {
      await until(async () => (await item())?.status === 'processing', 60_000);
      expect(await item()).toMatchObject({
        status: 'processing',
        attempts: 2,
        provider_transfer_id: fake.transfers[0]?.id,
      });
      expect(fake.transfers).toHaveLength(1);

      const done = await fetch(`${server.base}/api/v1/payouts/asaas/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'asaas-access-token': TOKEN },
        body: JSON.stringify(fake.event(fake.transfers[0]?.id ?? '', 'TRANSFER_DONE')),
      });
      expect(done.status).toBe(200);
      const paid = await reader.query('select reference from payments where redemption_id = $1', [redemptionId]);
      expect(paid.rows).toHaveLength(1);
    } finally {
      await reader.end();
      await server.kill9();
    }
  }, 120_000);
});
