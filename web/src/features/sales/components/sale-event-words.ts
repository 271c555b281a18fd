import type { SaleEvent } from '@contract/sales';
import type { TFunction } from '../../../i18n';

/**
 * Who took a step of the sale's history, in words, or null when nobody is named. An approval with
 * no person is the approval job's after the hold (it leaves a note) or the merchant's, whose postback
 * reported the sale already approved (no note).
 */
export function saleEventBy(event: SaleEvent, t: TFunction): string | null {
  if (event.kind === 'approved' && event.actor_name === null) {
    return t(event.note ? 'sales.details.automatic' : 'sales.details.approvedOnArrival');
  }
  return event.actor_name ? t('sales.details.by', { name: event.actor_name }) : null;
}

/**
 * The note quoted under a step: a person's own words. The approval job's note only marks the step as
 * the job's (in the server's words, not the reader's language), which `saleEventBy` already says.
 */
export function saleEventNote(event: SaleEvent): string | null {
  if (event.kind === 'approved' && event.actor_name === null) return null;
  return event.note ?? null;
}
