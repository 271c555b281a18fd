import { brasiliaDayOf } from '@contract/calendar';
import type { Redemption } from '@contract/ledger';
import { Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { DayInput } from '../../../components/day-input';
import { useTranslation } from '../../../i18n';
import { formatMoney } from '../../../lib/format';
import { DestinationText } from './redemption-details';

/** Reject asks why; pay asks for the reference and the date, showing where to pay. */
export function RedemptionDecisionModal({
  redemption,
  action,
  busy,
  onCancel,
  onConfirm,
}: {
  redemption: Redemption;
  action: 'reject' | 'pay';
  busy: boolean;
  onCancel: () => void;
  onConfirm: (values: { reason: string; reference: string; paid_on: string }) => void;
}) {
  const { t, i18n } = useTranslation();
  const today = brasiliaDayOf(Date.now());
  const form = useForm({
    initialValues: { reason: '', reference: '', paid_on: today },
    validate: {
      reason: (v: string) => (action === 'reject' && v.trim().length < 3 ? t('validation.required') : null),
      reference: (v: string) => (action === 'pay' && v.trim().length < 4 ? t('validation.required') : null),
      paid_on: (v: string) => (action === 'pay' && !v ? t('validation.required') : null),
    },
  });
  const title =
    action === 'reject' ? t('ledger.rejectTitle', { id: redemption.id }) : t('ledger.payTitle', { id: redemption.id });
  return (
    <Modal opened onClose={onCancel} title={title} centered>
      <form onSubmit={form.onSubmit((values) => onConfirm(values))} noValidate>
        <Stack gap="md">
          {action === 'reject' ? (
            <Textarea
              label={t('ledger.reason')}
              required
              autosize
              minRows={2}
              maxLength={500}
              {...form.getInputProps('reason')}
            />
          ) : (
            <>
              <Text size="sm">
                {t('ledger.payHelp', { amount: formatMoney(redemption.amount_cents, i18n.language) })}
              </Text>
              <DestinationText redemption={redemption} />
              <TextInput
                label={t('ledger.referenceLabel')}
                required
                maxLength={100}
                {...form.getInputProps('reference')}
              />
              <DayInput label={t('ledger.paidOn')} required max={today} {...form.getInputProps('paid_on')} />
            </>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              {t('ledger.back')}
            </Button>
            <Button type="submit" color={action === 'reject' ? 'red' : 'green'} loading={busy}>
              {t('ledger.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
