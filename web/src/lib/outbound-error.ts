import { readOutboundError } from '@contract/outbound-errors';
import type { TFunction } from '../i18n';

/**
 * A postback's or webhook's failed delivery, said in the person's language: the sender records it
 * in plain English (contract/outbound-errors.ts); a text no sender wrote is shown as it came.
 */
export function outboundErrorText(error: string, t: TFunction): string {
  const read = readOutboundError(error);
  return read ? t(`outbound.errors.${read.kind}`, read.values) : error;
}
