import type { DestinationTable } from '../../outbound/destination-health';
import { hostOf } from '../../outbound/destination-health';
import { notifyAdmins } from '../notifications/notifications.service';

export { DISABLE_AFTER_FAILURES, DISABLE_AFTER_MS } from '../../outbound/destination-health';

/**
 * Webhook endpoints as destinations of the outbox: one that fails without pause is disabled
 * (outbound/destination-health.ts), and every admin hears of it in the attempt's transaction.
 */
export const WEBHOOK_DESTINATIONS: DestinationTable = {
  table: 'webhook_endpoints',
  key: 'id',
  enabledColumn: 'enabled',
  async onDisabled(tx, endpointId, seen) {
    const host = hostOf(seen.url) || seen.url.slice(0, 60);
    await notifyAdmins(tx, {
      kind: 'webhook.disabled',
      title: 'Webhook endpoint disabled',
      text: `The endpoint at ${host} failed ${seen.failureCount} times in a row for a day and was disabled. Check it, then enable it again.`,
      pt: {
        title: 'Endpoint de webhook desativado',
        text: `O endpoint em ${host} falhou ${seen.failureCount} vezes seguidas por um dia e foi desativado. Verifique-o e ative-o de novo.`,
      },
      data: { webhook_endpoint_id: endpointId },
    });
  },
};
