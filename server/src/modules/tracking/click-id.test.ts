import { describe, expect, test } from 'vitest';
import { newClickId } from './click-id';

describe('click ids', () => {
  test('are UUIDs of version 7 with the RFC variant', () => {
    expect(newClickId()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  test('made later sort later, by their time', () => {
    const at = Date.parse('2026-11-23T12:00:00.000Z');
    const ids = [at, at + 1, at + 1_000, at + 86_400_000].map((ms) => newClickId(ms));
    expect([...ids].sort()).toEqual(ids);
    expect(ids[0]?.replace('-', '').slice(0, 12)).toBe(at.toString(16).padStart(12, '0'));
  });

  test('are unique within the same millisecond', () => {
    const at = Date.now();
    const ids = new Set(Array.from({ length: 10_000 }, () => newClickId(at)));
    expect(ids.size).toBe(10_000);
  });
});
