import { describe, expect, test } from 'vitest';
import { DESTINATION_RULES, OUTBOUND_ERRORS, readOutboundError } from './outbound-errors';

describe('a delivery error as the sender writes it and the screens read it', () => {
  test('each kind the sender writes reads back as that kind, with its values', () => {
    expect(readOutboundError(OUTBOUND_ERRORS.unresolved.write({ host: 'tracker.example.com' }))).toEqual({
      kind: 'unresolved',
      values: { host: 'tracker.example.com' },
    });
    expect(readOutboundError(OUTBOUND_ERRORS.answered.write({ status: 503 }))).toEqual({
      kind: 'answered',
      values: { status: '503' },
    });
    expect(readOutboundError(OUTBOUND_ERRORS.redirected.write())?.kind).toBe('redirected');
    expect(readOutboundError(OUTBOUND_ERRORS.timeout.write({ ms: 5000 }))).toEqual({
      kind: 'timeout',
      values: { ms: '5000' },
    });
    expect(readOutboundError(OUTBOUND_ERRORS.unreachable.write({ code: 'ECONNREFUSED' }))).toEqual({
      kind: 'unreachable',
      values: { code: 'ECONNREFUSED' },
    });
  });

  test('a refusal reads as the rule it names', () => {
    const refused = (reason: string) => readOutboundError(OUTBOUND_ERRORS.refused.write({ reason }));
    expect(refused(DESTINATION_RULES.scheme)?.kind).toBe('refusedScheme');
    expect(refused(DESTINATION_RULES.credentials)?.kind).toBe('refusedCredentials');
    expect(refused(DESTINATION_RULES.private('10.0.0.7'))).toEqual({
      kind: 'refusedPrivate',
      values: { address: '10.0.0.7' },
    });
  });

  test('a text no sender wrote is not read as one', () => {
    expect(readOutboundError('socket hang up')).toBeNull();
    expect(readOutboundError('answered 5030')).toBeNull();
  });
});
