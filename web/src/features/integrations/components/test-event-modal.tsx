import { type Integration, type IntegrationDelivery, integrationTestEventBodySchema } from '@contract/integrations';
import { centsOf, formatMoneyInput } from '@contract/money-text';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { FormAlert } from '../../../components/form-alert';
import { MoneyInput } from '../../../components/money-input';
import { useTranslation } from '../../../i18n';
import { showApiError } from '../../../lib/form';
import { moneyRule } from '../../../lib/money-rule';
import { useSendTestEvent } from '../api/integrations';
import { DeliveryResult } from './delivery-outcome';
import { PLATFORM_NAMES } from './integration-words';

/** The sample's amount until the admin types another (the contract's default). */
const DEFAULT_AMOUNT_CENTS = 19_700;

export type AffiliateOption = { value: string; label: string };

/**
 * "Send a test event": the platform's own sample, signed with the connection's secret and sent to
 * its address through the real path, credited to the affiliate chosen: a real sale, shown with its link.
 */
export function TestEventModal({
  integration,
  affiliates,
  isLoadingAffiliates,
  onClose,
}: {
  integration: Integration | null;
  affiliates: AffiliateOption[];
  isLoadingAffiliates: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const send = useSendTestEvent(integration?.id ?? 0);
  const [alert, setAlert] = useState<string | null>(null);
  const [result, setResult] = useState<IntegrationDelivery | null>(null);
  const form = useForm<{ affiliate_code: string | null; amount: string }>({
    initialValues: { affiliate_code: null, amount: formatMoneyInput(DEFAULT_AMOUNT_CENTS) },
    validate: {
      affiliate_code: (value) => (value ? null : t('integrations.test.affiliateRequired')),
      amount: moneyRule(integrationTestEventBodySchema.shape.amount_cents, t('integrations.test.amountRule'), t),
    },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh form each time the modal opens
  useEffect(() => {
    setAlert(null);
    setResult(null);
    form.reset();
  }, [integration?.id]);

  const submit = form.onSubmit(async (values) => {
    setAlert(null);
    try {
      setResult(
        await send.mutateAsync({
          affiliate_code: values.affiliate_code ?? '',
          amount_cents: centsOf(values.amount) ?? 0,
        }),
      );
    } catch (error) {
      setAlert(showApiError(form, error, t));
    }
  });

  const platform = integration ? PLATFORM_NAMES[integration.platform] : '';
  return (
    <Modal opened={integration !== null} onClose={onClose} title={t('integrations.test.title')} centered>
      {result ? (
        <Stack gap="md">
          <DeliveryResult delivery={result} />
          <Text size="sm" c="dimmed">
            {t('integrations.test.inLog')}
          </Text>
          <Button onClick={onClose} style={{ alignSelf: 'flex-end' }}>
            {t('integrations.done')}
          </Button>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <FormAlert message={alert} />
            <Text size="sm">{t('integrations.test.description', { platform })}</Text>
            <Select
              label={t('integrations.test.affiliate')}
              description={t('integrations.test.affiliateHelp')}
              placeholder={isLoadingAffiliates ? t('common.loading') : t('integrations.test.affiliatePlaceholder')}
              required
              searchable
              nothingFoundMessage={t('integrations.test.noAffiliate')}
              data={affiliates}
              data-autofocus
              {...form.getInputProps('affiliate_code')}
            />
            <MoneyInput label={t('integrations.test.amount')} required {...form.getInputProps('amount')} />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('integrations.cancel')}
              </Button>
              <Button type="submit" loading={send.isPending}>
                {t('integrations.test.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
