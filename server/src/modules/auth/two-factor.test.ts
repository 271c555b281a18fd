import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createSignedIn, PASSWORD } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/helper';
import { RECOVERY_CODE_COUNT } from './two-factor.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const now = () => Math.floor(Date.now() / 1000);
/**
 * Waits out the last seconds of a 30-second step: a code made just before the step turns and checked
 * just after is a step older than the test meant (a loaded machine made this fail once).
 */
async function awayFromAStepEdge() {
  const intoStep = (Date.now() / 1000) % 30;
  if (intoStep > 25) await new Promise((resolve) => setTimeout(resolve, (30 - intoStep) * 1000 + 100));
}

/** Signs up a person with two-step verification on; returns their secret and recovery codes. */
async function withTwoFactor() {
  const session = await createSignedIn(t.app, t.database.db);
  await awayFromAStepEdge();
  const setup = await t.app.inject({ method: 'POST', url: '/api/v1/me/two-factor', headers: session.headers });
  expect(setup.statusCode).toBe(200);
  const { secret, otpauth_url, qr_svg } = setup.json();
  expect(otpauth_url).toContain(`secret=${secret}`);
  expect(qr_svg).toContain('<svg');
  // The first code, one step back, so the sign-in code of the current step is still unused.
  const code = await generate({ secret, epoch: now() - 30 });
  const enable = await t.app.inject({
    method: 'POST',
    url: '/api/v1/me/two-factor/enable',
    headers: session.headers,
    payload: { code },
  });
  expect(enable.statusCode).toBe(200);
  return { ...session, secret, recoveryCodes: enable.json().recovery_codes as string[] };
}

const login = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password: PASSWORD } });
const twoSteps = (challenge: string, code: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/two-steps', payload: { challenge, code } });

describe('two-step verification', () => {
  test('enabling needs a valid first code and gives ten single-use recovery codes', async () => {
    const session = await createSignedIn(t.app, t.database.db);
    await t.app.inject({ method: 'POST', url: '/api/v1/me/two-factor', headers: session.headers });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/two-factor/enable',
      headers: session.headers,
      payload: { code: '000000' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0].field).toBe('code');
    const { recoveryCodes } = await withTwoFactor();
    expect(recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
  });

  test('sign-in then asks for the second step and answers no token before it', async () => {
    const { user } = await withTwoFactor();
    const res = await login(user.email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ two_factor_required: true, challenge: expect.any(String) });
    expect(res.json().token).toBeUndefined();
  });

  test('a valid code completes sign-in; the same code cannot be used twice', async () => {
    const { user, secret } = await withTwoFactor();
    const code = await generate({ secret });
    const first = await twoSteps((await login(user.email)).json().challenge, code);
    expect(first.statusCode).toBe(200);
    expect(first.json().user.email).toBe(user.email);
    const replay = await twoSteps((await login(user.email)).json().challenge, code);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('INVALID_TWO_FACTOR_CODE');
  });

  test('a wrong code is refused', async () => {
    const { user } = await withTwoFactor();
    const res = await twoSteps((await login(user.email)).json().challenge, '123456');
    expect(res.statusCode).toBe(401);
    expect(res.json().errors[0].field).toBe('code');
  });

  test('a recovery code signs in once', async () => {
    const { user, recoveryCodes } = await withTwoFactor();
    const code = recoveryCodes[3] ?? '';
    expect((await twoSteps((await login(user.email)).json().challenge, code.toLowerCase())).statusCode).toBe(200);
    expect((await twoSteps((await login(user.email)).json().challenge, code)).statusCode).toBe(401);
  });

  test('the challenge expires after 5 minutes', async () => {
    const { user, secret } = await withTwoFactor();
    const { createTokenService } = await import('../../plugins/auth');
    const expired = await createTokenService(t.config.jwtSecret, 0).signPurpose(
      'two-factor',
      String(user.id),
      { ver: 0 },
      -1,
    );
    const res = await twoSteps(expired, await generate({ secret }));
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('CHALLENGE_EXPIRED');
    const challenge = (await login(user.email)).json().challenge;
    const { exp, iat } = JSON.parse(Buffer.from(challenge.split('.')[1], 'base64url').toString());
    expect(exp - iat).toBe(300);
  });

  test('turning it off asks for the password, then sign-in is one step again', async () => {
    const { user, headers } = await withTwoFactor();
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/two-factor/disable',
      headers,
      payload: { password: 'not-it-123' },
    });
    expect(wrong.statusCode).toBe(422);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/two-factor/disable',
      headers,
      payload: { password: PASSWORD },
    });
    expect(ok.statusCode).toBe(204);
    expect((await login(user.email)).json().token).toEqual(expect.any(String));
  });
});
