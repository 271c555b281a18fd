import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createUser, mailsTo, PASSWORD } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/helper';
import { buildApp } from '../app';
import type { Database } from '../db/client';
import { ACCOUNT_FAILURES, ADDRESS_FAILURES } from './rate-limit';

/** Issue 18: the limits hold across servers. Two servers, their own connections, one database. */
const PER_MINUTE = 5;

let t: TestApp;
let other: FastifyInstance;
let otherDatabase: Database;
let servers: FastifyInstance[];

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: String(PER_MINUTE) } });
  otherDatabase = await t.database.reopen();
  other = await buildApp({ config: t.config, database: otherDatabase, logger: false });
  await other.ready();
  servers = [t.app, other];
});
afterAll(async () => {
  await other.close();
  await otherDatabase.close();
  await t.close();
});

/** The n-th request goes to one server, the next to the other, as a load balancer sends them. */
const post = (n: number, url: string, ip: string, payload: object) =>
  (servers[n % 2] as FastifyInstance).inject({ method: 'POST', url: `/api/v1${url}`, remoteAddress: ip, payload });

describe('limits shared by every server', () => {
  test('POST /auth/login: the per-address limit counts the requests of both servers together', async () => {
    const statuses: number[] = [];
    for (let n = 0; n <= PER_MINUTE; n++) {
      statuses.push(
        (await post(n, '/auth/login', '10.30.0.1', { email: `p${n}@example.com`, password: 'wrong-password-1' }))
          .statusCode,
      );
    }
    expect(statuses).toEqual([...Array(PER_MINUTE).fill(401), 429]);
    const limited = await post(1, '/auth/login', '10.30.0.1', { email: 'x@example.com', password: 'wrong-password-1' });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.headers['content-type']).toContain('application/problem+json');
    expect(limited.json().code).toBe('RATE_LIMITED');
  });

  test('POST /auth/forgot-password: both servers together send only as many mails as the limit allows', async () => {
    const owner = await createUser(t.database.db);
    const statuses: number[] = [];
    for (let n = 0; n < 2 * PER_MINUTE; n++) {
      statuses.push((await post(n, '/auth/forgot-password', '10.32.0.1', { email: owner.email })).statusCode);
    }
    expect(statuses).toEqual([...Array(PER_MINUTE).fill(202), ...Array(PER_MINUTE).fill(429)]);
    await t.app.tasks.drain();
    await other.tasks.drain();
    expect((await mailsTo(t.database.db, owner.email)).length).toBeLessThanOrEqual(PER_MINUTE);
  });

  test('POST /auth/register: the per-address limit holds across servers', async () => {
    const statuses: number[] = [];
    for (let n = 0; n <= PER_MINUTE; n++) {
      const res = await post(n, '/auth/register', '10.33.0.1', {
        first_name: 'Nova',
        last_name: 'Pessoa',
        email: `nova${n}-${process.pid}@example.com`,
        password: PASSWORD,
        accept_terms: true,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, PER_MINUTE).every((status) => status !== 429)).toBe(true);
  });
});

describe('account limits shared by every server (the per-address request limit out of the way)', () => {
  let open: TestApp;
  let openOther: FastifyInstance;
  let openOtherDatabase: Database;
  beforeAll(async () => {
    open = await createTestApp();
    openOtherDatabase = await open.database.reopen();
    openOther = await buildApp({ config: open.config, database: openOtherDatabase, logger: false });
    await openOther.ready();
  });
  afterAll(async () => {
    await openOther.close();
    await openOtherDatabase.close();
    await open.close();
  });
  const login = (n: number, email: string, ip: string, password = 'wrong-password-1') =>
    (n % 2 === 0 ? open.app : openOther)
      .inject({ method: 'POST', url: '/api/v1/auth/login', remoteAddress: ip, payload: { email, password } })
      .then((res) => res.statusCode);

  test('POST /auth/login: one address gets its 429 after 10 wrong passwords, whichever server answered them', async () => {
    const owner = await createUser(open.database.db);
    const statuses: number[] = [];
    for (let n = 0; n <= ADDRESS_FAILURES; n++) statuses.push(await login(n, owner.email, '10.34.0.1'));
    expect(statuses).toEqual([...Array(ADDRESS_FAILURES).fill(401), 429]);
    // The owner, from elsewhere, still signs in on either server.
    expect(await login(0, owner.email, '10.34.0.2', PASSWORD)).toBe(200);
    expect(await login(1, owner.email, '10.34.0.3', PASSWORD)).toBe(200);
  });

  test('POST /auth/login: the account-wide ceiling counts the failures of both servers, and spares an address known to either', async () => {
    const owner = await createUser(open.database.db);
    expect(await login(1, owner.email, '10.35.0.1', PASSWORD)).toBe(200);
    for (let n = 0; n < ACCOUNT_FAILURES; n++) {
      expect(await login(n, owner.email, `10.36.${Math.floor(n / 200)}.${(n % 200) + 1}`)).toBe(401);
    }
    expect(await login(0, owner.email, '10.37.0.1')).toBe(429);
    expect(await login(1, owner.email, '10.37.0.2')).toBe(429);
    // Known to the second server, so the first lets it through too.
    expect(await login(0, owner.email, '10.35.0.1', PASSWORD)).toBe(200);
  });
});
