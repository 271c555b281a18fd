import { brasiliaDayOf } from '@contract/calendar';
import type { PayoutBatch } from '@contract/payouts';
import { Button, Card, Group, Modal, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCalendarDue, IconStackPush } from '@tabler/icons-react';
import { useState } from 'react';
import { DayInput } from '../../../components/day-input';
import { FormAlert } from '../../../components/form-alert';
import { type TFunction, useTranslation } from '../../../i18n';
import { ApiError } from '../../../lib/api-client';
import { errorMessage, showApiError } from '../../../lib/form';
import { formatMoney } from '../../../lib/format';
import { useCreatePayoutBatch } from '../api/create-payout-batch';

/** A refusal of the redemptions picked, in words: the API's own name them in English. */
function pickedRefusal(error: unknown, t: TFunction): string {
  if (error instanceof ApiError && error.code === 'IN_PAYOUT_BATCH') return t('payouts.create.inOtherBatch');
  if (error instanceof ApiError && error.code === 'NOT_APPROVED') return t('payouts.create.notApproved');
  return errorMessage(error, t);
}

/**
 * Above the redemptions list: the approved requests ticked there (their count and total) made into
 * a batch, or every approved request up to a day. The new batch goes to `onCreated`.
 */
export function CreatePayoutBatchBar({
  picked,
  onClear,
  onCreated,
}: {
  picked: { id: number; amount_cents: number }[];
  onClear: () => void;
  onCreated: (batch: PayoutBatch) => void;
}) {
  const { t, i18n } = useTranslation();
  const create = useCreatePayoutBatch();
  const [problem, setProblem] = useState<string | null>(null);
  const [isUpToOpen, setUpToOpen] = useState(false);
  const totalCents = picked.reduce((sum, r) => sum + r.amount_cents, 0);

  const createFromPicked = async () => {
    setProblem(null);
    try {
      const batch = await create.mutateAsync({ redemption_ids: picked.map((r) => r.id) });
      onClear();
      onCreated(batch);
    } catch (error) {
      setProblem(pickedRefusal(error, t));
    }
  };

  return (
    <Card withBorder padding="sm" bg="var(--mantine-color-default-hover)" component="section">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm" fw={picked.length ? 600 : undefined} aria-live="polite" style={{ flex: '1 1 16rem' }}>
          {picked.length
            ? t('payouts.create.selected', { count: picked.length, amount: formatMoney(totalCents, i18n.language) })
            : t('payouts.create.hint')}
        </Text>
        <Group gap="xs" wrap="wrap">
          {picked.length > 0 && (
            <>
              <Button size="xs" variant="subtle" color="gray" onClick={onClear}>
                {t('payouts.create.clear')}
              </Button>
              <Button
                size="xs"
                leftSection={<IconStackPush size={16} />}
                loading={create.isPending && !isUpToOpen}
                onClick={createFromPicked}
              >
                {t('payouts.create.fromPicked')}
              </Button>
            </>
          )}
          <Button
            size="xs"
            variant="default"
            leftSection={<IconCalendarDue size={16} />}
            onClick={() => setUpToOpen(true)}
          >
            {t('payouts.create.upTo')}
          </Button>
        </Group>
      </Group>
      <FormAlert message={problem} mt="sm" withCloseButton onClose={() => setProblem(null)} />
      {isUpToOpen && (
        <ApprovedUntilModal
          busy={create.isPending}
          onCancel={() => setUpToOpen(false)}
          onConfirm={async (day) => {
            const batch = await create.mutateAsync({ approved_until: day });
            setUpToOpen(false);
            onClear();
            onCreated(batch);
          }}
        />
      )}
    </Card>
  );
}

/** Every approved request up to a day (today unless changed) that is in no batch yet. */
function ApprovedUntilModal({
  busy,
  onCancel,
  onConfirm,
}: {
  busy: boolean;
  onCancel: () => void;
  onConfirm: (day: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const today = brasiliaDayOf(Date.now());
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm({
    initialValues: { approved_until: today },
    validate: { approved_until: (v: string) => (v ? null : t('validation.required')) },
  });
  const submit = form.onSubmit(async ({ approved_until }) => {
    setProblem(null);
    try {
      await onConfirm(approved_until);
    } catch (error) {
      setProblem(showApiError(form, error, t, { approved_until: { message: t('payouts.create.noneUpTo') } }));
    }
  });
  return (
    <Modal opened onClose={onCancel} title={t('payouts.create.upToTitle')} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">{t('payouts.create.upToHelp')}</Text>
          <FormAlert message={problem} />
          <DayInput
            label={t('payouts.create.upToDay')}
            required
            max={today}
            {...form.getInputProps('approved_until')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              {t('payouts.back')}
            </Button>
            <Button type="submit" loading={busy} leftSection={<IconStackPush size={16} />}>
              {t('payouts.create.fromPicked')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
