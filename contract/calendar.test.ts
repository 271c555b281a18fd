import { describe, expect, test } from 'vitest';
import { addDays, brasiliaDayOf, dayAfter, dayStart, lastDays, resolvePeriod } from './calendar';

describe('the Brasília calendar', () => {
  test.each([
    // Brasília's midnight is 03:00 UTC: the instant before it is still the day before.
    ['2026-03-10T02:59:59.999Z', '2026-03-09'],
    ['2026-03-10T03:00:00.000Z', '2026-03-10'],
    ['2026-03-10T00:00:00.000Z', '2026-03-09'],
    ['2026-03-10T23:59:59.999Z', '2026-03-10'],
    ['2026-03-11T02:59:59.999Z', '2026-03-10'],
    // Year and month ends, and a leap day.
    ['2027-01-01T02:00:00.000Z', '2026-12-31'],
    ['2027-01-01T03:00:00.000Z', '2027-01-01'],
    ['2028-03-01T01:00:00.000Z', '2028-02-29'],
    // October and February, when Brazil used to move its clocks: no daylight saving since 2019.
    ['2026-10-18T02:30:00.000Z', '2026-10-17'],
    ['2026-02-15T03:30:00.000Z', '2026-02-15'],
  ])('brasiliaDayOf(%s) is %s', (instant, day) => {
    expect(brasiliaDayOf(Date.parse(instant))).toBe(day);
    expect(brasiliaDayOf(new Date(instant))).toBe(day);
  });

  test.each([
    ['2026-03-10', '2026-03-10T03:00:00.000Z', '2026-03-11T03:00:00.000Z'],
    ['2026-12-31', '2026-12-31T03:00:00.000Z', '2027-01-01T03:00:00.000Z'],
    ['2028-02-29', '2028-02-29T03:00:00.000Z', '2028-03-01T03:00:00.000Z'],
  ])('the day %s runs from %s up to, not including, %s', (day, start, end) => {
    expect(dayStart(day).toISOString()).toBe(start);
    expect(dayAfter(day).toISOString()).toBe(end);
    expect(brasiliaDayOf(dayStart(day))).toBe(day);
    expect(brasiliaDayOf(dayAfter(day).getTime() - 1)).toBe(day);
  });

  test.each([
    ['2026-03-01', -1, '2026-02-28'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2026-03-10', -29, '2026-02-09'],
  ])('addDays(%s, %i) is %s', (day, days, expected) => {
    expect(addDays(day, days)).toBe(expected);
  });

  test('a period missing its ends is the last 30 Brasília days, today included', () => {
    // 01:00 UTC on the 10th is still the 9th in Brasília.
    const now = Date.parse('2026-03-10T01:00:00Z');
    expect(resolvePeriod({}, now)).toEqual({
      from: '2026-02-08',
      to: '2026-03-09',
      start: new Date('2026-02-08T03:00:00Z'),
      end: new Date('2026-03-10T03:00:00Z'),
    });
    expect(resolvePeriod({ to: '2026-01-31' }, now).from).toBe('2026-01-02');
    expect(lastDays(7, now)).toEqual({ from: '2026-03-03', to: '2026-03-09' });
  });
});
