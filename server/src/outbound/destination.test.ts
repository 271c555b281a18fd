import { centsAsDecimal, fillPostbackUrl, postbackUrlProblem, SAMPLE_MACRO_VALUES } from '@contract/postbacks';
import { describe, expect, test } from 'vitest';
import { checkDestination, sendPostback, sendRequest } from './destination';
import { PUBLIC_URLS, SPECIAL_PURPOSE_URLS } from './destination.fixtures';

describe('checkDestination', () => {
  const strict = { allowPrivate: false };
  const open = { allowPrivate: true };
  test.each([
    ['https://127.0.0.1/', strict, 'loopback'],
    ['https://localhost/', strict, 'resolves to loopback'],
    ['https://[::1]:8443/', strict, 'IPv6 loopback'],
    ['http://8.8.8.8/', strict, 'plain http'],
    ['http://8.8.8.8/', open, 'plain http to a public address, even when private ones are allowed'],
  ])('refuses %s (%s)', async (url, policy) => {
    await expect(checkDestination(new URL(url), policy)).rejects.toThrow(/must/);
  });

  test.each(SPECIAL_PURPOSE_URLS)('refuses %s (%s)', async (url) => {
    await expect(checkDestination(new URL(url), strict)).rejects.toThrow(/must not point to a private/);
  });

  test.each(PUBLIC_URLS)('takes %s (%s)', async (url) => {
    expect(await checkDestination(new URL(url), strict)).toMatch(/^(8\.8\.8\.8|2001:4860:4860::8888|::ffff:808:808)$/);
  });

  test('answers the checked address to connect to', async () => {
    expect(await checkDestination(new URL('https://8.8.8.8/pb'), strict)).toBe('8.8.8.8');
    expect(await checkDestination(new URL('http://localhost:9/pb'), open)).toBe('127.0.0.1');
  });
});

describe('at send', () => {
  const strict = { allowPrivate: false };
  test.each(SPECIAL_PURPOSE_URLS)('sendRequest (webhooks) refuses %s (%s) without connecting', async (url) => {
    const attempt = await sendRequest(new URL(url), { method: 'POST', body: '{}', userAgent: 'test' }, strict, 1_000);
    expect(attempt).toMatchObject({ isDelivered: false, statusCode: null });
    expect(attempt.error).toMatch(/^refused: the address must not point to a private/);
  });

  test.each(SPECIAL_PURPOSE_URLS)('sendPostback refuses %s (%s) without connecting', async (url) => {
    const attempt = await sendPostback(new URL(url), strict, 1_000);
    expect(attempt).toMatchObject({ isDelivered: false, statusCode: null });
    expect(attempt.error).toMatch(/^refused: the address must not point to a private/);
  });
});

describe('the URL template', () => {
  test.each([
    [18_990, '189.90'],
    [5, '0.05'],
    [100_000_00, '100000.00'],
    [0, '0.00'],
    [-1_899, '-18.99'],
  ])('%i cents read %s', (cents, text) => {
    expect(centsAsDecimal(cents)).toBe(text);
  });

  test('every macro is filled in and URL-encoded; other braces are left alone', () => {
    expect(
      fillPostbackUrl('https://t.example/p?s={sub_id}&st={status}&x={nope}', {
        ...SAMPLE_MACRO_VALUES,
        sub_id: 'a b&c=d/é',
        status: 'approved',
      }),
    ).toBe('https://t.example/p?s=a%20b%26c%3Dd%2F%C3%A9&st=approved&x={nope}');
  });

  test.each([
    ['https://t.example/p?c={click_id}', null],
    ['https://t.example/p?c={click}', 'has an unknown macro {click}'],
    ['https://t.example/p?c={}', 'has an unknown macro {}'],
    ['t.example/p', 'must be a full address, such as https://tracker.example.com/postback?id={click_id}'],
    ['javascript:alert(1)', 'must start with https://'],
    ['https://{sub_id}.example.com/p', 'must not have a macro in its host'],
    ['https://t.example{sub_id}/p', 'must not have a macro in its host'],
    ['https://t.example:{sale_id}/p', 'must not have a macro in its host'],
    ['https://t.example:8{sale_id}/p', 'must not have a macro in its host'],
  ])('%s: %s', (template, problem) => {
    expect(postbackUrlProblem(template)).toBe(problem);
  });

  // Issue 25, point 3: the URL parser reads each of these with the macro as (part of) the host.
  test.each([
    ['https:{sub_id}/x', 'no slashes'],
    ['https:/{sub_id}/x', 'one slash'],
    ['https:\\\\{sub_id}/x', 'backslashes'],
    ['https:/\\{sub_id}/x', 'a slash and a backslash'],
    ['https:\\\\t.example{sub_id}/x', 'backslashes, the macro after the host'],
    ['HTTPS://{sub_id}/x', 'an upper-case scheme'],
    ['HtTpS:{sub_id}/x', 'a mixed-case scheme, no slashes'],
    ['https://t.exa\tmple{sub_id}/x', 'a tab inside the host'],
    ['https:/\n/{sub_id}/x', 'a newline between the slashes'],
    ['https://{sub_id}\t.example.com/x', 'a tab after the macro'],
    ['https://t.example.{sub_id}/x', 'the top-level domain'],
    ['https://{click_id}@t.example/x', 'user information'],
    ['https://t.example:{sale_id}/x', 'the port'],
    ['https://[::{sale_id}]/x', 'an IPv6 literal'],
    ['https://%7Bsub_id%7D.example.com/x', 'percent-encoded braces'],
    ['https://%7bsub_id%7d/x', 'percent-encoded braces, lower case'],
  ])('%j (%s) is refused', (template) => {
    expect(postbackUrlProblem(template)).toMatch(/^must /);
  });

  test.each([
    ['https://t.example.com/pb?cid={click_id}&s={sub_id}&v={amount}'],
    ['https://t.example.com/{sub_id}/{sale_id}'],
    ['https://t.example.com:8443/pb/{status}?c={commission}#{campaign_id}'],
    ['HTTPS://T.Example.com/pb?s={sub_id}'],
    ['https:t.example.com/{sub_id}'],
    ['https://t.example.com\\{sub_id}'],
  ])('%j is taken: its macros are in the path, query or fragment', (template) => {
    expect(postbackUrlProblem(template)).toBeNull();
  });
});
