import { describe, expect, test } from 'vitest';
import {
  createFloodRule,
  createRepeatRule,
  fingerprintOf,
  MEMORY_MAX,
  REPEAT_WINDOW_MS,
  repeatKeyOf,
  repeatMemoryOf,
  visitorOf,
} from './click-rules';

const MINUTE = 60_000;
const visitor = { linkId: 1, ipHash: 'a'.repeat(32), userAgent: 'Mozilla/5.0 (Android)' };

describe('the repeat rule', () => {
  // Each click: [link, address, agent, minutes after the first] → whether it is a repeat.
  test.each([
    [
      'a second click within the hour is a repeat',
      [
        [1, 'a', 'x', 0, false],
        [1, 'a', 'x', 59, true],
      ],
    ],
    [
      'a click a full hour after the counted one counts again',
      [
        [1, 'a', 'x', 0, false],
        [1, 'a', 'x', 60, false],
      ],
    ],
    [
      'the hour runs from the counted click, not from a repeat',
      [
        [1, 'a', 'x', 0, false],
        [1, 'a', 'x', 30, true],
        [1, 'a', 'x', 61, false],
        [1, 'a', 'x', 90, true],
      ],
    ],
    [
      'another link, address or agent is another visit',
      [
        [1, 'a', 'x', 0, false],
        [2, 'a', 'x', 1, false],
        [1, 'b', 'x', 2, false],
        [1, 'a', 'y', 3, false],
      ],
    ],
  ] as const)('%s', (_name, clicks) => {
    const rule = createRepeatRule();
    const answers = clicks.map(([linkId, ipHash, userAgent, minute]) =>
      rule.isRepeat(repeatKeyOf(linkId, visitorOf({ ipHash, userAgent })), minute * MINUTE),
    );
    expect(answers).toEqual(clicks.map((click) => click[4]));
  });

  test('a visit another server counted is forgotten, so the next click goes to the shared check', () => {
    const rule = createRepeatRule();
    const key = repeatKeyOf(visitor.linkId, visitorOf(visitor));
    rule.isRepeat(key, 0);
    rule.forget(key, 0);
    expect(rule.isRepeat(key, MINUTE)).toBe(false);
    // Forgetting a count that is no longer the last one leaves the last one alone.
    rule.forget(key, 0);
    expect(rule.isRepeat(key, 2 * MINUTE)).toBe(true);
  });

  test('servers on one PGlite share one memory; separate servers each keep their own', () => {
    const database = {};
    const key = repeatKeyOf(visitor.linkId, visitorOf(visitor));
    expect(createRepeatRule(repeatMemoryOf(database)).isRepeat(key, 0)).toBe(false);
    expect(createRepeatRule(repeatMemoryOf(database)).isRepeat(key, MINUTE)).toBe(true);
    expect(createRepeatRule(repeatMemoryOf(null)).isRepeat(key, MINUTE)).toBe(false);
  });

  test('its memory stays bounded: visits over an hour old are dropped, and past 2 x 200 000 the oldest', () => {
    const rule = createRepeatRule();
    for (let i = 0; i < MEMORY_MAX; i++) rule.isRepeat(fingerprintOf(`old|${i}`), i);
    expect(rule.size).toBe(MEMORY_MAX);
    // A launch's worth of new visitors within the hour: the last 200 000 are always remembered.
    for (let i = 0; i < 1_000; i++) rule.isRepeat(fingerprintOf(`new|${i}`), MEMORY_MAX + i);
    expect(rule.size).toBe(MEMORY_MAX + 1_000);
    expect(rule.isRepeat(fingerprintOf(`old|${MEMORY_MAX - 1}`), MEMORY_MAX + 1_000)).toBe(true);
    expect(rule.isRepeat(fingerprintOf('new|999'), MEMORY_MAX + 1_000)).toBe(true);
    // 200 000 more: the oldest generation went whole, so its visitor counts again (on PostgreSQL
    // the shared check still decides), and the memory never held more than twice the bound.
    for (let i = 0; i < MEMORY_MAX; i++) rule.isRepeat(fingerprintOf(`more|${i}`), 2 * MEMORY_MAX + i);
    expect(rule.size).toBeLessThanOrEqual(2 * MEMORY_MAX);
    expect(rule.isRepeat(fingerprintOf('old|0'), 3 * MEMORY_MAX)).toBe(false);
    expect(rule.isRepeat(fingerprintOf(`more|${MEMORY_MAX - 1}`), 3 * MEMORY_MAX)).toBe(true);
    // An hour after all of them, a click finds only itself remembered.
    rule.isRepeat(fingerprintOf('later'), 3 * MEMORY_MAX + REPEAT_WINDOW_MS);
    expect(rule.size).toBe(1);
  });

  test('a visitor counted again is remembered from its new count, and those counted before it still end', () => {
    const rule = createRepeatRule();
    rule.isRepeat(fingerprintOf('first'), 0);
    rule.isRepeat(fingerprintOf('second'), 30 * MINUTE);
    // `first` counts again once its hour has passed.
    expect(rule.isRepeat(fingerprintOf('first'), REPEAT_WINDOW_MS)).toBe(false);
    // Later `second`'s hour has passed too, though it was counted after `first`'s first count.
    expect(rule.isRepeat(fingerprintOf('third'), REPEAT_WINDOW_MS + 40 * MINUTE)).toBe(false);
    expect(rule.isRepeat(fingerprintOf('first'), REPEAT_WINDOW_MS + 40 * MINUTE)).toBe(true);
    expect(rule.isRepeat(fingerprintOf('second'), REPEAT_WINDOW_MS + 40 * MINUTE)).toBe(false);
  });
});

describe('the click-flood rule', () => {
  const limit = { clicks: 3, windowMs: MINUTE };

  // Each click: [address, link, seconds after the first] → whether it is one too many.
  test.each([
    [
      'the clicks up to the limit count; each one beyond it is the flood',
      [
        ['a', 1, 0, false],
        ['a', 1, 1, false],
        ['a', 1, 2, false],
        ['a', 1, 3, true],
        ['a', 1, 4, true],
      ],
    ],
    [
      'the window runs from its first click, and a new one starts once it has passed',
      [
        ['a', 1, 0, false],
        ['a', 1, 50, false],
        ['a', 1, 59, false],
        ['a', 1, 60, false],
        ['a', 1, 61, false],
        ['a', 1, 62, false],
        ['a', 1, 63, true],
      ],
    ],
    [
      'each address has its own window on each link',
      [
        ['a', 1, 0, false],
        ['a', 1, 1, false],
        ['a', 1, 2, false],
        ['b', 1, 3, false],
        ['a', 2, 4, false],
        ['a', 1, 5, true],
      ],
    ],
  ] as const)('%s', (_name, clicks) => {
    const rule = createFloodRule();
    const answers = clicks.map(
      ([ipHash, linkId, second]) => rule.floodOf({ ipHash, linkId, affiliateId: 7, at: second * 1000 }, limit) !== null,
    );
    expect(answers).toEqual(clicks.map((click) => click[3]));
  });

  test("a flood's clicks answer one window, which names the link, affiliate and address for the report", () => {
    const rule = createFloodRule();
    const clicks = [0, 1, 2, 3, 4].map((second) =>
      rule.floodOf({ ipHash: 'a', linkId: 1, affiliateId: 7, at: second * 1000 }, { clicks: 3, windowMs: MINUTE }),
    );
    expect(clicks[3]).toEqual({ linkId: 1, affiliateId: 7, ipHash: 'a', start: 0, count: 4 });
    expect(clicks[4]).toEqual({ linkId: 1, affiliateId: 7, ipHash: 'a', start: 0, count: 5 });
  });

  test('its memory stays bounded: windows that ended are dropped, and past 2 x 200 000 the oldest', () => {
    const rule = createFloodRule();
    for (let i = 0; i < MEMORY_MAX; i++) rule.floodOf({ ipHash: `old${i}`, linkId: 1, affiliateId: 7, at: 0 }, limit);
    expect(rule.size).toBe(MEMORY_MAX);
    // More addresses within the window: the last 200 000 windows are always kept, never over twice that.
    for (let i = 0; i < MEMORY_MAX + 1_000; i++) {
      rule.floodOf({ ipHash: `more${i}`, linkId: 1, affiliateId: 7, at: 1 }, limit);
    }
    expect(rule.size).toBeLessThanOrEqual(2 * MEMORY_MAX);
    expect(rule.size).toBeGreaterThanOrEqual(MEMORY_MAX);
    // The oldest windows went whole: their address starts a window again, one click from the limit.
    for (let i = 0; i < 3; i++) {
      expect(rule.floodOf({ ipHash: 'old0', linkId: 1, affiliateId: 7, at: 2 }, limit)).toBeNull();
    }
    rule.floodOf({ ipHash: 'new', linkId: 1, affiliateId: 7, at: MINUTE + 2 }, limit);
    expect(rule.size).toBe(1);
  });
});

describe('the fingerprints the rules keep instead of keys', () => {
  test('a million visitors on a few links get a million distinct fingerprints, none of them 0', () => {
    const seen = new Set<number>();
    let smallest = Number.POSITIVE_INFINITY;
    for (let i = 0; i < 1_000_000; i++) {
      const fingerprint = repeatKeyOf(1 + (i % 7), visitorOf({ ipHash: `${i}`, userAgent: 'Mozilla/5.0' }));
      smallest = Math.min(smallest, fingerprint);
      seen.add(fingerprint);
    }
    expect(smallest).toBeGreaterThan(0);
    expect(seen.size).toBe(1_000_000);
  });
});
