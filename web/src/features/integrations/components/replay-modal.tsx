import type { IntegrationDelivery } from '@contract/integrations';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { FormAlert } from '../../../components/form-alert';
import { useTranslation } from '../../../i18n';
import { showApiError } from '../../../lib/form';
import { useReplayDelivery } from '../api/integrations';
import { DeliveryOutcome, DeliveryResult } from './delivery-outcome';
import { needsAffiliate } from './integration-words';

/**
 * Applies a waiting delivery again. When nobody (or nobody known) was credited, it asks which
 * affiliate made the sale; otherwise naming one is optional. Then it shows what came of it.
 */
export function ReplayModal({
  integrationId,
  delivery,
  onClose,
}: {
  integrationId: number;
  delivery: IntegrationDelivery | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const replay = useReplayDelivery(integrationId);
  const [alert, setAlert] = useState<string | null>(null);
  const [result, setResult] = useState<IntegrationDelivery | null>(null);
  const isCodeRequired = delivery ? needsAffiliate(delivery.reason) : false;
  const form = useForm({
    initialValues: { affiliate_code: '' },
    validate: {
      affiliate_code: (value: string) =>
        isCodeRequired && !value.trim() ? t('integrations.replay.codeRequired') : null,
    },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh form for each delivery
  useEffect(() => {
    setAlert(null);
    setResult(null);
    form.reset();
  }, [delivery?.id]);

  const submit = form.onSubmit(async (values) => {
    if (!delivery) return;
    setAlert(null);
    try {
      const code = values.affiliate_code.trim();
      setResult(await replay.mutateAsync({ deliveryId: delivery.id, ...(code ? { affiliateCode: code } : {}) }));
    } catch (error) {
      setAlert(showApiError(form, error, t));
    }
  });

  return (
    <Modal opened={delivery !== null} onClose={onClose} title={t('integrations.replay.title')} centered>
      {delivery && result ? (
        <Stack gap="md">
          <DeliveryResult delivery={result} />
          <Button onClick={onClose} style={{ alignSelf: 'flex-end' }}>
            {t('integrations.done')}
          </Button>
        </Stack>
      ) : delivery ? (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <FormAlert message={alert} />
            <Stack gap={4}>
              <Text size="sm">
                {t('integrations.replay.about', { event: delivery.event_type, order: delivery.external_id ?? '—' })}
              </Text>
              <DeliveryOutcome delivery={delivery} />
            </Stack>
            <Text size="sm" c="dimmed">
              {delivery.reason === 'product_not_mapped'
                ? t('integrations.replay.mapFirst')
                : t('integrations.replay.once')}
            </Text>
            <TextInput
              label={t('integrations.replay.code')}
              description={isCodeRequired ? t('integrations.replay.codeHelp') : t('integrations.replay.codeOptional')}
              required={isCodeRequired}
              maxLength={40}
              autoComplete="off"
              data-autofocus
              {...form.getInputProps('affiliate_code')}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('integrations.cancel')}
              </Button>
              <Button type="submit" loading={replay.isPending}>
                {t('integrations.replay.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Modal>
  );
}
