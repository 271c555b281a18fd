import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type ChildServer, startChildServer } from '../../test/child-server';
import { testPostgresUrl } from '../../test/engine';
import { DEMO_ACCOUNTS } from './demo';

/**
 * Issue 18: servers started at the same moment on an empty PostgreSQL database, without JWT_SECRET
 * or PUBLIC_URL, come up as one. Real processes (server/src/main.ts), a database of this test's own.
 */
const ADMIN_EMAIL = 'root@afiliados.example.com.br';
const name = `afiliados_start_${process.pid}`;
const admin = new pg.Client({ connectionString: testPostgresUrl() });
let url = '';
let servers: ChildServer[] = [];

beforeAll(async () => {
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const address = new URL(testPostgresUrl());
  address.pathname = `/${name}`;
  url = address.toString();
});
afterAll(async () => {
  for (const server of servers) await server.stop().catch(() => {});
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
});

const forwarded = { 'x-forwarded-host': 'afiliados.example.com.br', 'x-forwarded-proto': 'https' };

async function signIn(base: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(res.status).toBe(200);
  return (await res.json()).token;
}

describe('servers started together on an empty database', () => {
  test('both come up; the demo data and first administrator are made once; tokens and addresses are shared', async () => {
    const env = {
      JWT_SECRET: '',
      DEMO_DATA: '1',
      ADMIN_EMAIL,
      ADMIN_PASSWORD: 'first-admin-password-1',
      TRUST_PROXY: '127.0.0.1',
    };
    servers = await Promise.all([startChildServer(url, env), startChildServer(url, env)]);
    const [one, two] = servers.map((server) => server.base) as [string, string];

    const db = new pg.Client({ connectionString: url });
    await db.connect();
    try {
      const admins = await db.query('select count(*)::int as n from users where email = $1', [ADMIN_EMAIL]);
      expect(admins.rows[0].n).toBe(1);
      const demo = await db.query('select count(*)::int as n from users where email = $1', [DEMO_ACCOUNTS[1].email]);
      expect(demo.rows[0].n).toBe(1);
      const secrets = await db.query('select count(*)::int as n from server_secrets');
      expect(secrets.rows[0].n).toBe(1);
    } finally {
      await db.end();
    }

    // A session from one server is good on the other.
    const token = await signIn(one, ADMIN_EMAIL, 'first-admin-password-1');
    const me = await fetch(`${two}/api/v1/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);

    // Links from either server carry the address the proxy forwarded, not the server's own port.
    const affiliate = DEMO_ACCOUNTS[1];
    const affiliateToken = await signIn(two, affiliate.email, affiliate.password);
    const headers = { authorization: `Bearer ${affiliateToken}`, ...forwarded };
    for (const base of [one, two]) {
      const links = await (await fetch(`${base}/api/v1/links`, { headers })).json();
      expect(links.items.length).toBeGreaterThan(0);
      for (const link of links.items) expect(link.url).toMatch(/^https:\/\/afiliados\.example\.com\.br\/r\//);
    }
  }, 120_000);
});
