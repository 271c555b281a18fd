import { centsAsDecimal, fillPostbackUrl, postbackUrlProblem, SAMPLE_MACRO_VALUES } from '@contract/postbacks';
import { describe, expect, test } from 'vitest';
import { checkDestination, isPublicAddress } from './destination';

describe('isPublicAddress', () => {
  test.each([
    ['8.8.8.8', true],
    ['200.147.67.142', true],
    ['2804:14c:1::1', true],
    ['127.0.0.1', false],
    ['127.255.0.9', false],
    ['10.0.0.1', false],
    ['172.16.5.4', false],
    ['172.32.0.1', true],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['224.0.0.1', false],
    ['255.255.255.255', false],
    ['::1', false],
    ['::', false],
    ['fc00::1', false],
    ['fd12:3456::1', false],
    ['fe80::1', false],
    ['ff02::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:10.0.0.1', false],
    ['::ffff:8.8.8.8', true],
    ['64:ff9b::a00:1', false],
    ['not an address', false],
  ])('%s is public: %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

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

  test('answers the checked address to connect to', async () => {
    expect(await checkDestination(new URL('https://8.8.8.8/pb'), strict)).toBe('8.8.8.8');
    expect(await checkDestination(new URL('http://localhost:9/pb'), open)).toBe('127.0.0.1');
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
  ])('%s: %s', (template, problem) => {
    expect(postbackUrlProblem(template)).toBe(problem);
  });
});
