import { type Level, levelBodySchema } from '@contract/levels';
import { centsOf, formatMoneyInput } from '@contract/money-text';
import { Button, Card, Group, NumberInput, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../app/paths';
import { FormAlert } from '../../../components/form-alert';
import { MoneyInput } from '../../../components/money-input';
import { useTranslation } from '../../../i18n';
import { showApiError } from '../../../lib/form';
import { numberSeparators } from '../../../lib/format';
import { moneyRule } from '../../../lib/money-rule';
import { useSaveLevel } from '../api/levels';

type Values = {
  name: string;
  rank: number | string;
  rate_percent: number | string;
  min_sales: string;
  description: string;
};

/** Percent and reais on screen, basis points and cents on the wire: rounded once, here. */
const toBps = (percent: number) => Math.round(percent * 100);

/** Create (no level) or edit a level. */
export function LevelForm({ level }: { level?: Level }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveLevel(level?.id);
  const separators = numberSeparators(i18n.language);
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: {
      name: level?.name ?? '',
      rank: level?.rank ?? '',
      rate_percent: level ? level.commission_bps / 100 : '',
      min_sales: level ? formatMoneyInput(level.min_sales_cents) : '',
      description: level?.description ?? '',
    },
    validate: {
      name: (v) => (v.trim() ? null : t('validation.required')),
      rank: (v) => (Number.isInteger(v) && Number(v) >= 1 ? null : t('levels.rankRule')),
      rate_percent: (v) => (typeof v === 'number' && v >= 0 && v <= 100 ? null : t('levels.rateRule')),
      min_sales: moneyRule(levelBodySchema.shape.min_sales_cents, t('levels.minSalesRule'), t, { isOptional: true }),
    },
  });

  const submit = form.onSubmit(async (values) => {
    setAlert(null);
    try {
      await save.mutateAsync({
        name: values.name.trim(),
        rank: Number(values.rank),
        commission_bps: toBps(Number(values.rate_percent)),
        min_sales_cents: centsOf(values.min_sales) ?? 0,
        description: values.description.trim() || null,
      });
      navigate(paths.adminLevels, { state: { saved: values.name.trim() } });
    } catch (error) {
      // The API names commission_bps and min_sales_cents; the form shows them as percent and reais.
      const message = showApiError(form, error, t);
      setAlert(message);
    }
  });

  return (
    <Card withBorder padding="lg" maw={720}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormAlert message={alert} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('levels.name')} required maxLength={60} {...form.getInputProps('name')} />
            <NumberInput
              label={t('levels.rank')}
              description={t('levels.rankHelp')}
              required
              min={1}
              max={1000}
              allowDecimal={false}
              {...form.getInputProps('rank')}
            />
            <NumberInput
              label={t('levels.rate')}
              description={t('levels.rateHelp')}
              required
              min={0}
              max={100}
              decimalScale={2}
              suffix=" %"
              decimalSeparator={separators.decimalSeparator}
              {...form.getInputProps('rate_percent')}
            />
            <MoneyInput
              label={t('levels.minSales')}
              description={t('levels.minSalesHelp')}
              {...form.getInputProps('min_sales')}
            />
          </SimpleGrid>
          <Textarea
            label={t('levels.descriptionLabel')}
            autosize
            minRows={2}
            maxLength={500}
            {...form.getInputProps('description')}
          />
          <Group>
            <Button type="submit" loading={save.isPending}>
              {level ? t('levels.save') : t('levels.create')}
            </Button>
            <Button variant="subtle" onClick={() => navigate(paths.adminLevels)}>
              {t('twoFactor.cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
