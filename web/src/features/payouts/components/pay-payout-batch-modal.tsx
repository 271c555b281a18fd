import { BRASILIA_OFFSET, brasiliaDayOf } from '@contract/calendar';
import type { PayoutBatch } from '@contract/payouts';
import { Button, Group, Modal, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCash } from '@tabler/icons-react';
import { useState } from 'react';
import { DayInput } from '../../../components/day-input';
import { FormAlert } from '../../../components/form-alert';
import { useTranslation } from '../../../i18n';
import { showApiError } from '../../../lib/form';
import { formatMoney } from '../../../lib/format';
import { usePayoutSettings } from '../api/get-payout-settings';
import { usePayPayoutBatch } from '../api/pay-payout-batch';

/**
 * Pays an open batch. Through the configured provider (Asaas): each PIX is sent and confirmed by the
 * provider. By hand, after the admin paid its CSV in the bank: the bank's reference and the day it
 * was paid (today, meaning now, unless changed); every redemption of the batch is recorded paid.
 */
export function PayPayoutBatchModal({
  batch,
  onClose,
  onPaid,
}: {
  batch: PayoutBatch;
  onClose: () => void;
  onPaid: (batch: PayoutBatch) => void;
}) {
  const { t, i18n } = useTranslation();
  const pay = usePayPayoutBatch();
  const configured = usePayoutSettings().data?.provider ?? 'manual';
  const [how, setHow] = useState<'provider' | 'manual' | null>(null);
  const byHand = configured === 'manual' || how === 'manual';
  const today = brasiliaDayOf(Date.now());
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm({
    initialValues: { reference: '', paid_on: today },
    validate: {
      reference: (v: string) => (byHand && v.trim().length < 4 ? t('payouts.pay.referenceRule') : null),
      paid_on: (v: string) => (!byHand || v ? null : t('validation.required')),
    },
  });
  const amount = formatMoney(batch.total_cents, i18n.language);
  const submit = form.onSubmit(async ({ reference, paid_on }) => {
    setProblem(null);
    try {
      const paid = await pay.mutateAsync({
        id: batch.id,
        body: byHand
          ? {
              provider: 'manual',
              reference: reference.trim(),
              // Today means now; an earlier day is recorded at its noon, Brasília time.
              paid_at: paid_on === today ? undefined : `${paid_on}T12:00:00${BRASILIA_OFFSET}`,
            }
          : { provider: configured },
      });
      onPaid(paid);
    } catch (error) {
      setProblem(
        showApiError(form, error, t, {
          reference: { message: t('payouts.pay.referenceRule') },
          paid_at: { field: 'paid_on', message: t('payouts.pay.paidOnRule') },
        }),
      );
    }
  });
  return (
    <Modal opened onClose={onClose} title={t('payouts.pay.title', { id: batch.id })} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              {t('payouts.pay.total', { count: batch.item_count })}
            </Text>
            <Text size="xl" fw={700} data-testid="pay-batch-total">
              {amount}
            </Text>
          </Stack>
          {configured !== 'manual' && (
            <Radio.Group
              label={t('payouts.pay.how')}
              value={byHand ? 'manual' : 'provider'}
              onChange={(value) => setHow(value === 'manual' ? 'manual' : 'provider')}
            >
              <Stack gap="xs" mt={6}>
                <Radio
                  value="provider"
                  label={t('payouts.pay.throughProvider')}
                  description={t('payouts.pay.throughProviderHelp')}
                />
                <Radio value="manual" label={t('payouts.pay.inTheBank')} />
              </Stack>
            </Radio.Group>
          )}
          {byHand && <Text size="sm">{t('payouts.pay.help')}</Text>}
          <FormAlert message={problem} />
          {byHand && (
            <>
              <TextInput
                label={t('payouts.pay.reference')}
                description={t('payouts.pay.referenceHelp')}
                required
                maxLength={100}
                {...form.getInputProps('reference')}
              />
              <DayInput label={t('payouts.pay.paidOn')} required max={today} {...form.getInputProps('paid_on')} />
            </>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('payouts.back')}
            </Button>
            <Button type="submit" color="green" loading={pay.isPending} leftSection={<IconCash size={16} />}>
              {t('payouts.pay.confirm', { amount })}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
