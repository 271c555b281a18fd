import { createRequire } from 'node:module';
import { describe, expect, test } from 'vitest';
import { agentOf, countryOf, ipv4Number, parseAgent } from './click-enrichment';

// Agents as browsers and apps write them (one of each family a Brazilian launch meets, and a few
// odd ones): the cache that treats agents differing only in their version numbers as one must give
// each of them what parsing it gives.
const AGENTS = [
  'Mozilla/5.0 (Linux; Android 15; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/134.0.6815.132 Mobile Safari/537.36',
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/128.0.6613.127 Mobile Safari/537.36',
  'Mozilla/5.0 (Linux; Android 14; SM-A155M) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/27.0 Chrome/125.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Linux; Android 13; SM-T970) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.135 Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_3_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.3 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (iPad; CPU OS 17_6_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 345.0.0.32.93 (iPhone14,7; iOS 17_5; pt_BR; pt; scale=3.00; 1170x2532; 635420010)',
  'Mozilla/5.0 (Linux; Android 13; moto g54 5G Build/T1TDS33.60-73-4; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/130.0.6723.102 Mobile Safari/537.36 Instagram 356.0.0.41.101 Android (33/13; 400dpi; 1080x2400; motorola; moto g54 5G; cancunf; mt6855; pt_BR; 657012345)',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/450.0.0.38.108;FBBV/567890123;FBDV/iPhone15,2;FBMD/iPhone;FBSN/iOS;FBSV/17.4;FBSS/3;FBID/phone;FBLC/pt_BR;FBOP/5]',
  'Mozilla/5.0 (Linux; Android 14; SM-S921B Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/129.0.6668.100 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/480.0.0.41.108;]',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/134.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 OPR/115.0.0.0',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
  'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
  'Mozilla/5.0 (Android 14; Mobile; rv:132.0) Gecko/132.0 Firefox/132.0',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Windows NT 6.1; WOW64; Trident/7.0; rv:11.0) like Gecko',
  'Mozilla/5.0 (compatible; MSIE 10.0; Windows NT 6.2; Trident/6.0)',
  'Mozilla/5.0 (Linux; Android 9; KFTRWI) AppleWebKit/537.36 (KHTML, like Gecko) Silk/130.2.1 like Chrome/130.0.6723.102 Safari/537.36',
  'Mozilla/5.0 (Linux; Android 12; 2201117TG) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/127.0.6533.103 Mobile Safari/537.36 OPR/84.3.4434.82474',
  'Mozilla/5.0 (SMART-TV; Linux; Tizen 6.0) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/4.0 Chrome/76.0.3809.146 TV Safari/537.36',
  'Mozilla/5.0 (Linux; Android 11; Quest 2) AppleWebKit/537.36 (KHTML, like Gecko) OculusBrowser/33.1.0.2.52 SamsungBrowser/4.0 Chrome/126.0.6478.122 VR Safari/537.36',
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'WhatsApp/2.24.25.78 A',
  'curl/8.5.0',
];

/** The agent with every version number right after a slash changed, as a later build writes it. */
function rebuilt(agent: string, seed: number): string {
  let n = seed;
  return agent.replace(/\/\d[\d._]*/g, (version) =>
    version.replace(/\d+/g, (digits) => String((Number(digits) + (n++ % 7) + 1) % 10 ** digits.length)),
  );
}

describe('the agent cache', () => {
  test.each(AGENTS)('agents differing only in version numbers get what parsing each of them gives: %s', (agent) => {
    for (let seed = 0; seed < 6; seed++) {
      const variant = seed === 0 ? agent : rebuilt(agent, seed);
      expect(agentOf(variant), variant).toEqual(parseAgent(variant));
    }
  });

  test('agents differing elsewhere are parsed apart', () => {
    const phone =
      'Mozilla/5.0 (Linux; Android 13; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36';
    const tablet = phone.replace('SM-S911B', 'SM-X710').replace(' Mobile Safari', ' Safari');
    expect(agentOf(phone).device).toBe('mobile');
    expect(agentOf(tablet).device).toBe('tablet');
  });
});

describe('the country lookup', () => {
  const geoip = createRequire(import.meta.url)('geoip-country') as { lookup(ip: string): { country: string } | null };

  test('a dotted IPv4 address is read as the number the package reads it as; anything else is left to the package', () => {
    for (const ip of ['0.0.0.0', '1.2.3.4', '177.38.200.9', '200.147.67.142', '255.255.255.255', '10.0.0.1']) {
      const [a, b, c, d] = ip.split('.').map(Number) as [number, number, number, number];
      expect(ipv4Number(ip)).toBe(((a * 256 + b) * 256 + c) * 256 + d);
    }
    for (const ip of [
      '',
      '1.2.3',
      '1.2.3.4.5',
      '1..3.4',
      '256.1.1.1',
      '01.2.3.4',
      '1.2.3.4 ',
      '::1',
      '2804:14c::1',
      'x',
    ]) {
      expect(ipv4Number(ip), ip).toBe(-1);
    }
  });

  test('every address gets the country the package gives for its text', () => {
    for (let n = 0; n < 5_000; n++) {
      const ip = [(n * 97) % 256, (n * 31) % 256, (n * 7) % 256, n % 256].join('.');
      expect(countryOf(ip), ip).toBe(geoip.lookup(ip)?.country ?? '');
    }
    expect(countryOf('2804:14c:5b80::1')).toBe(geoip.lookup('2804:14c:5b80::1')?.country ?? '');
  });
});
