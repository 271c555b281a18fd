import { DEFAULT_PERIOD_DAYS, lastDays } from '@contract/calendar';
import type { PeriodQuery } from '@contract/metrics';

export type Period = Pick<PeriodQuery, 'from' | 'to'>;

/** The period a dashboard opens with: the last 30 days. */
export const DEFAULT_DAYS = DEFAULT_PERIOD_DAYS;
export const DEFAULT_PERIOD = lastDays(DEFAULT_DAYS);
