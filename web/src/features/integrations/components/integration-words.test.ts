import {
  INTEGRATION_DELIVERY_OUTCOMES,
  INTEGRATION_DELIVERY_REASONS,
  INTEGRATION_PLATFORMS,
  type IntegrationDeliveryOutcome,
  type IntegrationDeliveryReason,
} from '@contract/integrations';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { loadAppMessages, loadScreenMessages, switchLanguage, t } from '../../../i18n';
import { HOW_TO_STEPS, isReplayable, needsAffiliate, readableBody } from './integration-words';

beforeAll(async () => Promise.all([loadAppMessages(), loadScreenMessages()]));
afterEach(async () => switchLanguage('en'));

const MISSING = '(missing)';

/** The keys the screen builds at run time: every platform's steps and names, every outcome and reason. */
const builtKeys = [
  ...INTEGRATION_PLATFORMS.flatMap((platform) => [
    ...HOW_TO_STEPS[platform].map((step) => `integrations.howTo.${platform}.${step}`),
    `integrations.secretNames.${platform}`,
    `integrations.secretWhere.${platform}`,
    `integrations.products.idHelp.${platform}`,
  ]),
  ...INTEGRATION_DELIVERY_OUTCOMES.map((outcome) => `integrations.outcomes.${outcome}`),
  ...INTEGRATION_DELIVERY_REASONS.map((reason) => `integrations.reasons.${reason}`),
  ...(['hotmart', 'kiwify', 'stripe'] as const).map((platform) => `campaigns.checkoutHint.kinds.${platform}`),
];

describe('the Integrations screen in words', () => {
  test.each(['en', 'pt'] as const)(
    'every step, outcome and reason the screen builds has a text in %s',
    async (language) => {
      await switchLanguage(language);
      expect(builtKeys.filter((key) => t(key, { defaultValue: MISSING }) === MISSING)).toEqual([]);
    },
  );

  test('Portuguese names each step in Hotmart’s own menus', async () => {
    await switchLanguage('pt');
    expect(t('integrations.howTo.hotmart.open')).toContain('Ferramentas → Webhook (API e notificações)');
    expect(t('integrations.howTo.hotmart.open')).toContain('Cadastrar webhook');
    expect(t('integrations.howTo.hotmart.secret')).toContain('Hottok de verificação');
  });

  test.each([
    [1, 'en', '1 needs attention'],
    [3, 'en', '3 need attention'],
    [1, 'pt', '1 requer atenção'],
    [3, 'pt', '3 requerem atenção'],
  ] as const)('%i waiting deliveries read in %s as "%s"', async (count, language, text) => {
    await switchLanguage(language);
    expect(t('integrations.needsAttentionCount', { count })).toBe(text);
  });
});

describe('which deliveries an admin can replay, and when an affiliate must be named', () => {
  test.each([
    ['needs_attention', 'product_not_mapped', true, false],
    ['needs_attention', 'affiliate_not_found', true, true],
    ['needs_attention', 'affiliate_not_approved', true, false],
    ['ignored', 'no_affiliate', true, true],
    ['ignored', 'event_not_used', false, false],
    ['recorded', null, false, false],
    ['refused', 'bad_signature', false, false],
  ] as [IntegrationDeliveryOutcome, IntegrationDeliveryReason | null, boolean, boolean][])(
    '%s / %s: replay %s, affiliate asked %s',
    (outcome, reason, canReplay, asksAffiliate) => {
      expect(isReplayable({ outcome, reason })).toBe(canReplay);
      expect(needsAffiliate(reason)).toBe(asksAffiliate);
    },
  );
});

describe('a kept body as people read it', () => {
  test('JSON is indented, its text kept exactly: a 64-bit id keeps every digit', () => {
    const body = '{"id":820982911946154508,"note":"a {b}, \\"c\\": [d]","items":[],"o":{},"n":[1,2]}';
    expect(readableBody(body)).toBe(
      [
        '{',
        '  "id": 820982911946154508,',
        '  "note": "a {b}, \\"c\\": [d]",',
        '  "items": [],',
        '  "o": {},',
        '  "n": [',
        '    1,',
        '    2',
        '  ]',
        '}',
      ].join('\n'),
    );
    expect(JSON.parse(readableBody(body))).toEqual(JSON.parse(body));
  });

  test('a body that is not JSON is shown as received', () => {
    expect(readableBody('status=paid&id=1')).toBe('status=paid&id=1');
    expect(readableBody('')).toBe('');
  });
});
