import type { PeriodQuery } from '@contract/metrics';

export type Period = Pick<PeriodQuery, 'from' | 'to'>;

/** Brasília's today minus `days - 1`, so "7 days" includes today. */
export function lastDays(days: number, now = Date.now()): Period {
  const today = now - 3 * 3_600_000;
  const iso = (at: number) => new Date(at).toISOString().slice(0, 10);
  return { from: iso(today - (days - 1) * 86_400_000), to: iso(today) };
}

/** The period a dashboard opens with: the last 30 days. */
export const DEFAULT_DAYS = 30;
export const DEFAULT_PERIOD = lastDays(DEFAULT_DAYS);
