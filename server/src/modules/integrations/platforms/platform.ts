import { timingSafeEqual } from 'node:crypto';
import type { PaymentMethod } from '@contract/campaigns';
import type { IntegrationDeliveryReason, IntegrationPlatform } from '@contract/integrations';
import type { z } from 'zod';

/** A call as it reached the receive address: the exact bytes (signatures cover them), headers and query. */
export type PlatformCall = {
  rawBody: string;
  headers: Record<string, string | undefined>;
  query: Record<string, string | undefined>;
};

/** What in the event may name the affiliate, as the platform carried it (our click id, a code, a coupon). */
export type Carriers = {
  /** Values that are our click id or an affiliate's code, best first (sck before src…). */
  tracking: string[];
  coupon: string | null;
  /** The sale's origin as the campaign's reports group it (a UTM source). */
  origin: string | null;
};

/** What an event says, in the portal's words: every platform's event comes down to one of these. */
export type PlatformEvent = { eventType: string; externalId: string | null; productId: string | null } & (
  | {
      kind: 'sale';
      externalId: string;
      amountCents: number;
      paymentMethod: PaymentMethod;
      /** The platform's word that the money is in (paid, approved, complete). */
      paid: true;
      /** The warranty is over (Hotmart's COMPLETE): the sale is approved at once, whatever the hold. */
      final: boolean;
      customerEmail: string | null;
      subscriptionId: string | null;
      /** 'next': the platform does not count charges; the next after those recorded (at least 2). */
      chargeNumber: number | 'next' | null;
      carriers: Carriers;
    }
  | {
      kind: 'refund' | 'chargeback' | 'cancel';
      externalId: string;
      /** Other ids the platform may have recorded the order under (Stripe: the payment intent, the invoice). */
      alsoKnownAs?: string[];
      /** What was refunded, when the platform says: less than the sale's amount leaves it as it is. */
      refundedCents?: number;
    }
  | { kind: 'ignored'; reason: IntegrationDeliveryReason; detail: string }
);

/** A body a platform could not have sent: 400, naming the field. */
export class MalformedEvent extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** A platform as its documentation describes it (each file cites its pages). */
export type Platform = {
  name: IntegrationPlatform;
  /** Is the call signed (or tokened) with this connection's secret, the platform's way? */
  verify(call: PlatformCall, secret: string): boolean;
  /** The body as data, when plain JSON.parse would lose something (Shopify's 64-bit ids). */
  parse?: (rawBody: string) => unknown;
  /** The event in the portal's words; throws MalformedEvent for a body of the wrong shape. */
  read(call: PlatformCall, body: unknown): PlatformEvent;
  /** Headers that carry a secret or a signature: never kept in the delivery log. */
  secretHeaders: readonly string[];
  /** A sample event of this platform for "Send a test event", and how it is signed. */
  sample(input: SampleInput): {
    body: string;
    sign(secret: string): { headers: Record<string, string>; query: string };
  };
};

export type SampleInput = { orderId: string; productId: string; amountCents: number; affiliateCode: string; at: Date };

/** Reads a body with a zod schema; the first issue names the field. */
export function readShape<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.join('.') || 'body';
  throw new MalformedEvent(field, issue?.message ?? 'is not what the platform sends');
}

/**
 * Money the platform states in decimal reais (a JSON number like 124.75, or a string like
 * "199.00"), in integer cents, read from its decimal text so no binary fraction creeps in; null
 * when it is not a plain amount with at most two decimals.
 */
export function reaisToCents(value: number | string): number | null {
  const text = typeof value === 'number' ? String(value) : value.trim();
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** A header's value, whatever case the platform sent it in (Node lowercases them). */
export const headerOf = (call: PlatformCall, name: string) => call.headers[name.toLowerCase()];

/** A value that may name the affiliate: kept when it is text, trimmed, not empty. */
export function trackingValues(...values: unknown[]): string[] {
  const kept: string[] = [];
  for (const value of values) {
    if (typeof value !== 'string') continue;
    const text = value.trim();
    if (text && !kept.includes(text)) kept.push(text);
  }
  return kept;
}

/** Equal texts, compared in constant time (a secret or a signature). */
export function sameSecret(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
