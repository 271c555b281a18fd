/** PostgreSQL's unique_violation, whether drizzle wrapped the driver's error or not. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const pgError = e as { code?: string; constraint?: string; message?: string };
    if (pgError.code === '23505') {
      return !constraint || pgError.constraint === constraint || Boolean(pgError.message?.includes(constraint));
    }
  }
  return false;
}
