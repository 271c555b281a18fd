/**
 * The programme's calendar: its days are Brasília days (UTC−3 all year since 2019, when Brazil ended
 * daylight saving), so a fixed offset is exact. The one place that knows it, for the server (filters,
 * rollups, periods) and the web (default periods). No zod here.
 */

/** Brasília's offset from UTC, as an ISO time suffix and in milliseconds. */
export const BRASILIA_OFFSET = '-03:00';
export const BRASILIA_OFFSET_MS = -3 * 3_600_000;
export const DAY_MS = 86_400_000;
/** The zone's name, for `Intl` formatting of wall-clock times. */
export const BRASILIA_TIME_ZONE = 'America/Sao_Paulo';

/** The first instant of a Brasília day `YYYY-MM-DD`. */
export const dayStart = (day: string) => new Date(`${day}T00:00:00${BRASILIA_OFFSET}`);

/** The first instant after a Brasília day: a filter "up to `day`" is `< dayAfter(day)`. */
export const dayAfter = (day: string) => new Date(dayStart(day).getTime() + DAY_MS);

/** The Brasília day (`YYYY-MM-DD`) an instant falls on, as the rollups key it. */
export const brasiliaDayOf = (at: number | Date) =>
  new Date((typeof at === 'number' ? at : at.getTime()) + BRASILIA_OFFSET_MS).toISOString().slice(0, 10);

/** The Brasília day `days` after (or before, when negative) a Brasília day. */
export const addDays = (day: string, days: number) => brasiliaDayOf(dayStart(day).getTime() + days * DAY_MS);

/** Every day from `from` to `to`, both included (calendar dates: no instant, no offset). */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let at = Date.parse(`${from}T12:00:00Z`); at <= Date.parse(`${to}T12:00:00Z`); at += DAY_MS) {
    days.push(new Date(at).toISOString().slice(0, 10));
  }
  return days;
}

/** The days a period opens with when none is asked for: the last 30, today included. */
export const DEFAULT_PERIOD_DAYS = 30;

/** A period of whole Brasília days: the last `days` up to today, so "7 days" includes today. */
export function lastDays(days: number, now = Date.now()): { from: string; to: string } {
  const to = brasiliaDayOf(now);
  return { from: addDays(to, -(days - 1)), to };
}

/**
 * A period as asked (either end may be missing: up to today, over 30 days) with the instants that
 * bound it: `start` inclusive, `end` exclusive.
 */
export function resolvePeriod(query: { from?: string | undefined; to?: string | undefined }, now = Date.now()) {
  const to = query.to ?? brasiliaDayOf(now);
  const from = query.from ?? addDays(to, -(DEFAULT_PERIOD_DAYS - 1));
  return { from, to, start: dayStart(from), end: dayAfter(to) };
}
