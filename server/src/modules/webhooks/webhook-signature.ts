import { createHmac, randomBytes } from 'node:crypto';

/**
 * Standard Webhooks signing (https://www.standardwebhooks.com): the secret is `whsec_` and the
 * base64 of its key bytes; a signature is `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body`.
 * Several signatures, space-separated, while a secret rotates: a receiver accepts any one.
 */
export const SECRET_PREFIX = 'whsec_';

/** A new secret: 24 random bytes (192 bits), as the specification suggests (24 to 64). */
export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(24).toString('base64')}`;
}

export function signature(secret: string, messageId: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  const mac = createHmac('sha256', key).update(`${messageId}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/** The three headers of one attempt, signed with every secret given (the current one first). */
export function webhookHeaders(
  secrets: string[],
  messageId: string,
  timestampSeconds: number,
  body: string,
): Record<string, string> {
  return {
    'content-type': 'application/json',
    'webhook-id': messageId,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': secrets.map((secret) => signature(secret, messageId, timestampSeconds, body)).join(' '),
  };
}
