/**
 * Retry schedules of the outbox (docs/decisions/033): the waits after the 1st, 2nd... failed
 * attempt. Past the last wait a message has failed for good, so a schedule of n waits allows n + 1
 * attempts.
 */
export type BackoffSchedule = readonly number[];

/** `firstSeconds`, then each wait `factor` times the one before, never past `capSeconds`. */
export function exponentialBackoff(options: {
  firstSeconds: number;
  factor: number;
  capSeconds: number;
  maxAttempts: number;
}): BackoffSchedule {
  return Array.from({ length: options.maxAttempts - 1 }, (_, n) =>
    Math.min(options.capSeconds, Math.round(options.firstSeconds * options.factor ** n)),
  );
}

/** When the next attempt is due after `attempts` failed ones, or null when none is left. */
export function nextAttemptAfter(schedule: BackoffSchedule, attempts: number, now: Date): Date | null {
  const wait = schedule[attempts - 1];
  return wait === undefined ? null : new Date(now.getTime() + wait * 1000);
}
