import { BONUS_AMOUNT_MAX_CENTS, type Bonus, type BonusMeasure } from '@contract/bonuses';
import { addDays, brasiliaDayOf } from '@contract/calendar';
import { centsOf, formatMoneyInput } from '@contract/money-text';
import {
  Button,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { z } from 'zod';
import { DayInput } from '../../../components/day-input';
import { FormAlert } from '../../../components/form-alert';
import { MoneyInput } from '../../../components/money-input';
import { useTranslation } from '../../../i18n';
import { showApiError } from '../../../lib/form';
import { moneyRule } from '../../../lib/money-rule';
import { useSaveBonus } from '../api/bonuses';

type Values = {
  name: string;
  description: string;
  measure: BonusMeasure;
  threshold_sales: number | string;
  threshold_commission: string;
  amount: string;
  starts_on: string;
  ends_on: string;
  active: boolean;
};

const positiveCents = z.number().int().min(1).max(BONUS_AMOUNT_MAX_CENTS);
const anyPositiveCents = z.number().int().min(1);

/** Create a performance bonus, or change one that has not been awarded. */
export function BonusFormModal({ bonus, onClose }: { bonus?: Bonus; onClose: (saved?: Bonus) => void }) {
  const { t } = useTranslation();
  const save = useSaveBonus(bonus?.id);
  const [alert, setAlert] = useState<string | null>(null);
  const today = brasiliaDayOf(Date.now());
  const form = useForm<Values>({
    initialValues: {
      name: bonus?.name ?? '',
      description: bonus?.description ?? '',
      measure: bonus?.measure ?? 'approved_sales',
      threshold_sales: bonus?.measure === 'approved_sales' ? bonus.threshold : '',
      threshold_commission: bonus?.measure === 'approved_commission' ? formatMoneyInput(bonus.threshold) : '',
      amount: bonus ? formatMoneyInput(bonus.amount_cents) : '',
      starts_on: bonus?.starts_on ?? today,
      ends_on: bonus?.ends_on ?? addDays(today, 29),
      active: bonus?.active ?? true,
    },
    validate: {
      name: (v) => (v.trim().length >= 3 ? null : t('bonuses.nameRule')),
      threshold_sales: (v, values) =>
        values.measure !== 'approved_sales' || (Number.isInteger(v) && Number(v) >= 1) ? null : t('bonuses.salesRule'),
      threshold_commission: (v, values) =>
        values.measure === 'approved_commission' ? moneyRule(anyPositiveCents, t('bonuses.amountRule'), t)(v) : null,
      amount: moneyRule(positiveCents, t('bonuses.amountRule'), t),
      ends_on: (v, values) => (v && values.starts_on && v < values.starts_on ? t('bonuses.periodRule') : null),
    },
  });

  const submit = form.onSubmit(async (values) => {
    setAlert(null);
    try {
      const saved = await save.mutateAsync({
        name: values.name.trim(),
        description: values.description.trim(),
        measure: values.measure,
        threshold:
          values.measure === 'approved_sales'
            ? Number(values.threshold_sales)
            : (centsOf(values.threshold_commission) ?? 0),
        amount_cents: centsOf(values.amount) ?? 0,
        starts_on: values.starts_on,
        ends_on: values.ends_on,
        active: values.active,
      });
      onClose(saved);
    } catch (error) {
      setAlert(
        showApiError(form, error, t, {
          amount_cents: { field: 'amount' },
          threshold: { field: values.measure === 'approved_sales' ? 'threshold_sales' : 'threshold_commission' },
        }),
      );
    }
  });

  return (
    <Modal opened onClose={() => onClose()} title={bonus ? t('bonuses.edit') : t('bonuses.create')} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormAlert message={alert} />
          <TextInput label={t('bonuses.name')} required maxLength={120} {...form.getInputProps('name')} />
          <Textarea
            label={t('bonuses.descriptionLabel')}
            description={t('bonuses.descriptionHelp')}
            autosize
            minRows={2}
            maxLength={500}
            {...form.getInputProps('description')}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="bonus-measure">
              {t('bonuses.measure')}
            </Text>
            <SegmentedControl
              aria-labelledby="bonus-measure"
              fullWidth
              data={[
                { value: 'approved_sales', label: t('bonuses.measures.approved_sales') },
                { value: 'approved_commission', label: t('bonuses.measures.approved_commission') },
              ]}
              {...form.getInputProps('measure')}
            />
            <Text size="xs" c="dimmed">
              {t('bonuses.measureHelp')}
            </Text>
          </Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {form.values.measure === 'approved_sales' ? (
              <NumberInput
                label={t('bonuses.thresholdSales')}
                required
                min={1}
                allowDecimal={false}
                {...form.getInputProps('threshold_sales')}
              />
            ) : (
              <MoneyInput
                label={t('bonuses.thresholdCommission')}
                required
                {...form.getInputProps('threshold_commission')}
              />
            )}
            <MoneyInput label={t('bonuses.amount')} required {...form.getInputProps('amount')} />
            <DayInput
              label={t('bonuses.startsOn')}
              value={form.values.starts_on}
              onChange={(day) => form.setFieldValue('starts_on', day)}
            />
            <DayInput
              label={t('bonuses.endsOn')}
              value={form.values.ends_on}
              min={form.values.starts_on}
              onChange={(day) => form.setFieldValue('ends_on', day)}
              error={form.errors.ends_on}
            />
          </SimpleGrid>
          <Switch
            label={t('bonuses.active')}
            description={t('bonuses.activeHelp')}
            {...form.getInputProps('active', { type: 'checkbox' })}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => onClose()}>
              {t('bonuses.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {bonus ? t('bonuses.save') : t('bonuses.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
