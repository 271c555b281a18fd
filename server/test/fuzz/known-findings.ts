import type { Operation } from '../openapi';
import type { FuzzRequest } from './malformed-requests';
import type { Failure } from './verdicts';

/**
 * Findings being fixed elsewhere: each is still sent, found and printed as "known" in the summary,
 * but does not fail the run. Delete an entry once its fix lands, so the fuzz guards it again.
 */
const KNOWN_FINDINGS: { why: string; matches(operation: Operation, failure: Failure): boolean }[] = [
  {
    // Issue #13: the auth rate limit reads the unvalidated body in its onResponse hook, so a
    // non-string `email` (register, login, forgot-password) or `challenge` (two-steps) throws there,
    // after the 400 has gone out; the fix is on another branch (server/src/modules/auth).
    why: 'auth rate-limit account key throws on a non-string email or challenge (fixed on another branch)',
    matches: (operation, failure) =>
      operation.path.startsWith('/api/v1/auth/') &&
      failure.kind === 'logged error' &&
      /email\?\.toLowerCase|challenge\?\.slice/.test(failure.code),
  },
];

export function knownFindingOf(operation: Operation, _request: FuzzRequest, failure: Failure): string | null {
  return KNOWN_FINDINGS.find((known) => known.matches(operation, failure))?.why ?? null;
}
