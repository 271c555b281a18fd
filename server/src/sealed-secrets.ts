import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Signing secrets must come back to sign or check a signature, so they are sealed (AES-256-GCM with
 * a key derived from the server's JWT secret and the secret's purpose), never hashed
 * (docs/decisions/008). API keys' postback secrets and webhook endpoints' secrets are sealed here.
 */
export type SealPurpose = 'api-key-secrets' | 'webhook-secrets' | 'integration-secrets';

function sealKey(serverSecret: string, purpose: SealPurpose) {
  return createHash('sha256').update(`${purpose}:${serverSecret}`).digest();
}

export function sealSecret(serverSecret: string, purpose: SealPurpose, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(serverSecret, purpose), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

export function unsealSecret(serverSecret: string, purpose: SealPurpose, sealed: string): string {
  const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !body) throw new Error('malformed sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', sealKey(serverSecret, purpose), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
}
