import type {
  IntegrationDelivery,
  IntegrationDeliveryOutcome,
  IntegrationDeliveryReason,
  IntegrationPlatform,
} from '@contract/integrations';

/** Each platform as it names itself (a brand: never translated). */
export const PLATFORM_NAMES: Record<IntegrationPlatform, string> = {
  hotmart: 'Hotmart',
  kiwify: 'Kiwify',
  stripe: 'Stripe',
  shopify: 'Shopify',
};

/**
 * The steps of pasting the receive address into each platform, in order: each is a text of
 * `integrations.howTo.<platform>.<step>`, in the platform's own menu words.
 */
export const HOW_TO_STEPS: Record<IntegrationPlatform, readonly string[]> = {
  hotmart: ['open', 'url', 'version', 'events', 'secret', 'links'],
  kiwify: ['open', 'url', 'events', 'secret', 'links'],
  stripe: ['open', 'url', 'events', 'secret', 'links', 'sessions'],
  shopify: ['open', 'url', 'events', 'format', 'secret', 'links', 'coupons'],
};

/** The colour of an outcome: green when a sale moved, orange when an admin is needed, red when refused. */
export const OUTCOME_COLOR: Record<IntegrationDeliveryOutcome, string> = {
  recorded: 'green',
  updated: 'teal',
  repeat: 'gray',
  ignored: 'gray',
  needs_attention: 'orange',
  refused: 'red',
  invalid: 'red',
};

/** What the server replays: a delivery waiting for an admin, or an organic sale an admin credits. */
export const isReplayable = (d: Pick<IntegrationDelivery, 'outcome' | 'reason'>) =>
  d.outcome === 'needs_attention' || (d.outcome === 'ignored' && d.reason === 'no_affiliate');

/** A replay that cannot succeed without an affiliate named: nobody or nobody known was credited. */
export const needsAffiliate = (reason: IntegrationDeliveryReason | null) =>
  reason === 'affiliate_not_found' || reason === 'no_affiliate';

/**
 * A kept body as people read it: indented when it is JSON, else as received. The text is indented
 * as it is, never parsed and printed again: Shopify's 64-bit ids would lose digits as numbers.
 */
export function readableBody(body: string): string {
  try {
    JSON.parse(body);
  } catch {
    return body;
  }
  let out = '';
  let depth = 0;
  let inString = false;
  const newline = () => `\n${'  '.repeat(depth)}`;
  for (let i = 0; i < body.length; i++) {
    const char = body[i] as string;
    if (inString) {
      out += char;
      if (char === '\\') out += body[++i] ?? '';
      else if (char === '"') inString = false;
    } else if (char === '"') {
      inString = true;
      out += char;
    } else if (char === '{' || char === '[') {
      const close = char === '{' ? '}' : ']';
      let next = i + 1;
      while (/\s/.test(body[next] ?? '')) next++;
      if (body[next] === close) {
        out += char + close;
        i = next;
      } else {
        depth++;
        out += char + newline();
      }
    } else if (char === '}' || char === ']') {
      depth--;
      out += newline() + char;
    } else if (char === ',') {
      out += `,${newline()}`;
    } else if (char === ':') {
      out += ': ';
    } else if (!/\s/.test(char)) {
      out += char;
    }
  }
  return out;
}
