import type { WebhookEvent } from '@contract/webhooks';

/** `sale.created` -> `sale_created`: the event's key among the translations (a dot would nest). */
export const eventKey = (event: WebhookEvent) => event.replace('.', '_');
