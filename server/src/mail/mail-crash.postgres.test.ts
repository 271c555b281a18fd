import { ADMIN_ROLE, AFFILIATE_ROLE } from '@contract/auth';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startChildServer } from '../../test/child-server';
import { createSignedIn } from '../../test/fixtures';
import { createPostgresCopy, testConfig } from '../../test/helper';
import { startSmtpPeer } from '../../test/smtp';
import { buildApp } from '../app';
import { openDatabase } from '../db/client';

/** Invitations an admin sends before the server is killed: each queues one mail. */
const INVITATIONS = 12;

let copy: Awaited<ReturnType<typeof createPostgresCopy>>;
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
let adminEmail = '';
let adminPassword = '';

describe('mail under kill -9', () => {
  beforeAll(async () => {
    copy = await createPostgresCopy();
    smtp = await startSmtpPeer();
    const database = await openDatabase({ databaseUrl: copy.url, poolSize: 2 });
    const app = await buildApp({ config: testConfig('.tmp/mail-crash'), database, logger: false });
    const admin = await createSignedIn(app, database.db, { role: ADMIN_ROLE });
    adminEmail = admin.user.email;
    adminPassword = admin.user.password;
    await app.close();
    await database.close();
  });
  afterAll(async () => {
    await copy?.drop();
    await smtp?.close();
  });

  test('mail queued by a server killed before sending it reaches the SMTP server once, from the server started after', async () => {
    // The SMTP server is down while the first server runs: nothing it queues can leave before the kill.
    const unreachable = 'smtp://127.0.0.1:9';
    let server = await startChildServer(copy.url, { SMTP_URL: unreachable });
    const login = await fetch(`${server.base}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: adminEmail, password: adminPassword }),
    });
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${(await login.json()).token}` };
    const invited: string[] = [];
    for (let n = 0; n < INVITATIONS; n++) {
      const email = `invited-${n}-${process.pid}@example.com`;
      const res = await fetch(`${server.base}/api/v1/users`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          email,
          first_name: 'Convidada',
          last_name: `Número ${n}`,
          role: AFFILIATE_ROLE,
          language: 'pt',
        }),
      });
      expect(res.status).toBe(201);
      invited.push(email);
    }
    await server.kill9();

    const reader = new pg.Client({ connectionString: copy.url });
    await reader.connect();
    const states = async () =>
      (
        await reader.query<{ to: string; state: string }>(
          `select "to", state from mail_deliveries where "to" like 'invited-%' order by id`,
        )
      ).rows;
    expect((await states()).map((row) => row.state)).toEqual(invited.map(() => 'queued'));

    // A new server, now with a reachable SMTP server, finds the queue and sends it.
    server = await startChildServer(copy.url, { SMTP_URL: smtp.url });
    // Had the first server tried one (its worker runs 5 s after start), the retry comes 30 s later.
    const deadline = Date.now() + 45_000;
    while (Date.now() < deadline && smtp.received.length < INVITATIONS) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    // Any second copy would come within a few more runs of the worker.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    await server.stop();
    const after = await states();
    await reader.end();

    for (const email of invited) expect(smtp.mailsTo(email)).toHaveLength(1);
    expect(smtp.received).toHaveLength(INVITATIONS);
    expect(after.map((row) => row.state)).toEqual(invited.map(() => 'sent'));
  }, 120_000);
});
