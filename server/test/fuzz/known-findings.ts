import type { Operation } from '../openapi';
import type { FuzzRequest } from './malformed-requests';
import type { Failure } from './verdicts';

/**
 * Findings being fixed elsewhere: each is still sent, found and printed as "known" in the summary,
 * but does not fail the run. Delete an entry once its fix lands, so the fuzz guards it again.
 */
const KNOWN_FINDINGS: { why: string; matches(operation: Operation, failure: Failure): boolean }[] = [
  // None today: the auth limits' non-string email or challenge (issue #13) was the last, and is fixed.
];

export function knownFindingOf(operation: Operation, _request: FuzzRequest, failure: Failure): string | null {
  return KNOWN_FINDINGS.find((known) => known.matches(operation, failure))?.why ?? null;
}
