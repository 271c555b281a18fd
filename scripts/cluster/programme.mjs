// The programme the cluster test runs on, made through the proxy, and the sign-in limits checked
// across both servers (see scripts/test-cluster.mjs).
import { ADMIN, AFFILIATE_PASSWORD, bearer, call, check, expectStatus, log, signIn } from './harness.mjs';

/** The sign-in limits the servers run with (the defaults; decision 012 and plugins/rate-limit.ts). */
const PER_ADDRESS_PER_MINUTE = 20;
const WRONG_PASSWORDS_PER_ACCOUNT_AND_ADDRESS = 10;

/** Admin, levels, a campaign, two approved affiliates with a tracker postback, a link and an API key. */
export async function makeProgramme({ publicUrl, trackerPort }) {
  const adminSession = await signIn(ADMIN.email, ADMIN.password);
  const asAdmin = bearer(adminSession.token);
  for (const level of [
    { name: 'Bronze', rank: 1, commission_bps: 1000, min_sales_cents: 0 },
    { name: 'Prata', rank: 2, commission_bps: 1500, min_sales_cents: 1 },
  ]) {
    await expectStatus('create a level', call('POST', '/api/v1/levels', { headers: asAdmin, body: level }), 201);
  }
  const campaign = (
    await expectStatus(
      'create a campaign',
      call('POST', '/api/v1/campaigns', {
        headers: asAdmin,
        body: {
          name: 'Loja do Cluster',
          destination_url: 'https://loja.example.com/oferta',
          commission_type: 'percent',
          commission_value: 1000,
          cookie_days: 30,
          hold_days: 0,
        },
      }),
      201,
    )
  ).json();

  const affiliates = [];
  for (const first of ['Ana', 'Bia']) {
    const email = `${first.toLowerCase()}@cluster.test`;
    await expectStatus(
      'register',
      call('POST', '/api/v1/auth/register', {
        body: { first_name: first, last_name: 'Cluster', email, password: AFFILIATE_PASSWORD, accept_terms: true },
      }),
      201,
    );
    affiliates.push({ first, email });
  }
  const pending = (
    await expectStatus(
      'list pending affiliates',
      call('GET', '/api/v1/affiliates?status=pending&page_size=100', { headers: asAdmin }),
      200,
    )
  ).json().items;
  for (const affiliate of affiliates) {
    const row = pending.find((item) => item.email === affiliate.email);
    if (!row) throw new Error(`${affiliate.email} is not waiting for approval`);
    await expectStatus(
      'approve',
      call('POST', `/api/v1/affiliates/${row.id}/approve`, { headers: asAdmin, body: {} }),
      200,
      204,
    );
    const session = await signIn(affiliate.email, AFFILIATE_PASSWORD);
    Object.assign(affiliate, {
      id: row.id,
      userId: row.user_id,
      code: session.user.codigo_afiliado,
      token: session.token,
    });
    await expectStatus(
      'save the tracker postback',
      call('PUT', '/api/v1/me/postback', {
        headers: bearer(session.token),
        body: {
          url: `http://127.0.0.1:${trackerPort}/t?sale={sale_id}&event=created&status={status}`,
          events: ['created'],
          active: true,
        },
      }),
      200,
    );
  }
  const [ana, bia] = affiliates;
  const link = (
    await expectStatus(
      'create a link',
      call('POST', '/api/v1/links', { headers: bearer(ana.token), body: { campaign_id: campaign.id } }),
      200,
      201,
    )
  ).json();
  check(link.url === `${publicUrl}/r/${link.code}`, `links carry the shared PUBLIC_URL (${link.url})`);
  const apiKey = (
    await expectStatus(
      'create an API key',
      call('POST', '/api/v1/api-keys', { headers: asAdmin, body: { name: 'Loja', signed: false } }),
      201,
    )
  ).json().key;
  log('admin, levels, campaign, two approved affiliates, a link and an API key made through the proxy');
  return { asAdmin, campaign, affiliates, ana, bia, link, apiKey };
}

/** The sign-in limits, both servers taking turns (each guesser from its own loopback address). */
export async function checkSignInLimits(ana) {
  const guesses = async (attempts, localAddress, bodyOf, headersOf) => {
    const answers = [];
    for (let i = 1; i <= attempts; i++) {
      const res = await call('POST', '/api/v1/auth/login', { localAddress, body: bodyOf(i), headers: headersOf(i) });
      answers.push({ status: res.status, servedBy: res.servedBy });
    }
    return answers;
  };
  // One guesser after the other: the proxy takes turns across all its clients, so two guessers in
  // lockstep could each land on one server every time and never show that the limit is shared.
  // Per address: wrong guesses at different accounts, each with a forged X-Forwarded-For; the
  // proxy appends the real address, which is what the servers count (TRUST_PROXY=127.0.0.1).
  const perAddressAnswers = await guesses(
    PER_ADDRESS_PER_MINUTE + 1,
    '127.0.0.2',
    (i) => ({ email: `guess${i}@cluster.test`, password: 'wrong-password-1' }),
    (i) => ({ 'x-forwarded-for': `203.0.113.${i}` }),
  );
  // Per account and address: wrong passwords for Ana's account.
  const perAccountAnswers = await guesses(
    WRONG_PASSWORDS_PER_ACCOUNT_AND_ADDRESS + 1,
    '127.0.0.3',
    () => ({ email: ana.email, password: 'wrong-password-1' }),
    () => ({}),
  );
  /** Says each part of a limit check on its own, so a failure names the part that failed. */
  const checkLimit = (what, answers, limit) => {
    const first429 = answers.findIndex((a) => a.status === 429) + 1;
    const before = answers.slice(0, limit).map((a) => a.status);
    const servers = [...new Set(answers.map((a) => a.servedBy))];
    check(
      first429 === limit + 1 && before.every((s) => s === 401) && servers.length === 2,
      `${what}: first 429 at attempt ${first429} (one server alone: ${limit + 1}); ` +
        `answers before it ${before.join(',')} (all 401); answered by ${servers.join(' and ')} (both servers)`,
    );
  };
  checkLimit('sign-in limit per address, forged X-Forwarded-For ignored', perAddressAnswers, PER_ADDRESS_PER_MINUTE);
  checkLimit('wrong passwords per account and address', perAccountAnswers, WRONG_PASSWORDS_PER_ACCOUNT_AND_ADDRESS);
  log('sign-in limits checked');
}
