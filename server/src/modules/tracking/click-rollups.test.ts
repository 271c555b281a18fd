import { describe, expect, test } from 'vitest';
import { enrichClick } from './click-enrichment';
import {
  clickDeltas,
  clickRollupStatements,
  dayOfClicks,
  floodDeltas,
  rollupKeyOf,
  trafficDeltas,
} from './click-rollups';

describe("a click batch's rollups", () => {
  // The programme's day is Brasília's (UTC−3): it starts at 03:00 UTC.
  test.each([
    ['2026-11-20T02:59:59.999Z', '2026-11-19'],
    ['2026-11-20T03:00:00.000Z', '2026-11-20'],
    ['2026-12-01T02:00:00.000Z', '2026-11-30'],
  ])('a click at %s counts on %s', (at, day) => {
    const dayOf = dayOfClicks();
    // Asked twice within one minute, around the boundary: the minute's cache must not carry a day over.
    dayOf(Date.parse(at) - 1);
    expect(dayOf(Date.parse(at))).toBe(day);
  });

  test('counted clicks are summed per day, affiliate, campaign and link; the others add nothing', () => {
    const key = (linkId: number, affiliateId = 7) => rollupKeyOf('2026-11-20', { affiliateId, campaignId: 3, linkId });
    expect(clickDeltas([key(1), '', key(1), key(2), key(1, 8), ''])).toEqual([
      { day: '2026-11-20', affiliate_id: 7, campaign_id: 3, link_id: 1, clicks: 2 },
      { day: '2026-11-20', affiliate_id: 7, campaign_id: 3, link_id: 2, clicks: 1 },
      { day: '2026-11-20', affiliate_id: 8, campaign_id: 3, link_id: 1, clicks: 1 },
    ]);
  });

  test('counted clicks are summed per link and value of each traffic dimension', () => {
    const key = rollupKeyOf('2026-11-20', { affiliateId: 7, campaignId: 3, linkId: 1 });
    const phone = enrichClick('10.0.0.1', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)', '');
    const desktop = enrichClick('10.0.0.2', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64)', 'https://www.example.com/a');
    const deltas = trafficDeltas([key, key, '', key], [phone, phone, desktop, desktop]);
    const device = deltas.filter((d) => d.dimension === 'device').map((d) => [d.key, d.clicks]);
    expect(device).toEqual([
      ['mobile', 2],
      ['desktop', 1],
    ]);
    const referrer = deltas.filter((d) => d.dimension === 'referrer').map((d) => [d.key, d.clicks]);
    expect(referrer).toEqual([
      ['', 2],
      ['example.com', 1],
    ]);
    expect(deltas.every((d) => d.link_id === 1 && d.affiliate_id === 7 && d.campaign_id === 3)).toBe(true);
  });

  test("a flood's clicks are reported per day: a window crossing midnight counts on both", () => {
    const flood = { linkId: 1, affiliateId: 7, ipHash: 'a', start: 0, count: 4 };
    const beforeMidnight = Date.parse('2026-11-20T02:59:59Z');
    const clicks = [
      { flood, at: beforeMidnight },
      { flood: null, at: beforeMidnight },
      { flood, at: beforeMidnight + 2_000 },
      { flood, at: beforeMidnight + 3_000 },
    ];
    expect(floodDeltas(clicks, dayOfClicks())).toEqual([
      { day: '2026-11-19', link_id: 1, affiliate_id: 7, ip_hash: 'a', clicks: 1 },
      { day: '2026-11-20', link_id: 1, affiliate_id: 7, ip_hash: 'a', clicks: 2 },
    ]);
  });

  test('a batch with counted clicks adds to the rollups in two statements, and one more for a flood', () => {
    const key = rollupKeyOf('2026-11-20', { affiliateId: 7, campaignId: 3, linkId: 1 });
    const click = enrichClick('10.0.0.1', '', '');
    const flood = { day: '2026-11-20', link_id: 1, affiliate_id: 7, ip_hash: 'a', clicks: 1 };
    expect(clickRollupStatements([key], [click], []).map((s) => s.prepareAs)).toEqual([
      'add_click_stats',
      'add_click_traffic',
    ]);
    expect(clickRollupStatements([key, ''], [click, click], [flood])).toHaveLength(3);
    expect(clickRollupStatements(['', ''], [click, click], [])).toEqual([]);
  });
});
