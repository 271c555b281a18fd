import { centsOf, formatMoneyInput } from '@contract/money-text';
import { type WithholdingSettings, withholdingSettingsSchema } from '@contract/tax';
import {
  Button,
  Card,
  Grid,
  Group,
  NumberInput,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { type Feedback, FormAlert } from '../../../components/form-alert';
import { MoneyInput } from '../../../components/money-input';
import { useTranslation } from '../../../i18n';
import { showApiError } from '../../../lib/form';
import { formatMoney } from '../../../lib/format';
import { moneyRule } from '../../../lib/money-rule';
import { useSaveWithholdingSettings, useWithholdingPreview, useWithholdingSettings } from '../api/withholdings';
import { formatDocument } from '../document-format';

type Bracket = { up_to: string; rate: number; deduction: string };
type Values = {
  payer_name: string;
  payer_document: string;
  inss_rate: number;
  inss_ceiling: string;
  brackets: Bracket[];
  simplified_discount: string;
  reduction_full_up_to: string;
  reduction_partial_up_to: string;
  reduction_constant: string;
  reduction_factor: number;
  iss_rate: number;
  require_nfse: boolean;
};

const percentOf = (bps: number) => bps / 100;
const bpsOf = (percent: number | string) => Math.round(Number(percent) * 100);

function toValues(s: WithholdingSettings): Values {
  return {
    payer_name: s.payer_name,
    payer_document: formatDocument('company', s.payer_document),
    inss_rate: percentOf(s.inss_rate_bps),
    inss_ceiling: formatMoneyInput(s.inss_ceiling_cents),
    brackets: s.irrf_brackets.map((b) => ({
      up_to: b.up_to_cents === null ? '' : formatMoneyInput(b.up_to_cents),
      rate: percentOf(b.rate_bps),
      deduction: formatMoneyInput(b.deduction_cents),
    })),
    simplified_discount: formatMoneyInput(s.irrf_simplified_discount_cents),
    reduction_full_up_to: formatMoneyInput(s.irrf_reduction_full_up_to_cents),
    reduction_partial_up_to: formatMoneyInput(s.irrf_reduction_partial_up_to_cents),
    reduction_constant: formatMoneyInput(s.irrf_reduction_constant_cents),
    reduction_factor: s.irrf_reduction_factor_millionths / 1_000_000,
    iss_rate: percentOf(s.iss_rate_bps),
    require_nfse: s.require_nfse,
  };
}

function toSettings(v: Values): WithholdingSettings {
  const cents = (text: string) => centsOf(text) ?? 0;
  return {
    payer_name: v.payer_name.trim(),
    payer_document: v.payer_document.replace(/\D/g, ''),
    inss_rate_bps: bpsOf(v.inss_rate),
    inss_ceiling_cents: cents(v.inss_ceiling),
    irrf_brackets: v.brackets.map((b, i) => ({
      up_to_cents: i === v.brackets.length - 1 ? null : cents(b.up_to),
      rate_bps: bpsOf(b.rate),
      deduction_cents: cents(b.deduction),
    })),
    irrf_simplified_discount_cents: cents(v.simplified_discount),
    irrf_reduction_full_up_to_cents: cents(v.reduction_full_up_to),
    irrf_reduction_partial_up_to_cents: cents(v.reduction_partial_up_to),
    irrf_reduction_constant_cents: cents(v.reduction_constant),
    irrf_reduction_factor_millionths: Math.round(Number(v.reduction_factor) * 1_000_000),
    iss_rate_bps: bpsOf(v.iss_rate),
    require_nfse: v.require_nfse,
  };
}

/** What a person paid a gross would receive under the saved rates: the admin's check of a change. */
function Preview() {
  const { t, i18n } = useTranslation();
  const [gross, setGross] = useState('5.000,00');
  const preview = useWithholdingPreview(centsOf(gross));
  const money = (cents: number) => formatMoney(cents, i18n.language);
  return (
    <Stack gap="xs">
      <MoneyInput label={t('tax.rates.previewGross')} value={gross} onChange={setGross} maw={260} />
      {preview.data && (
        <Text size="sm" data-testid="withholding-preview">
          {t('tax.rates.previewLine', {
            inss: money(preview.data.inss_cents),
            irrf: money(preview.data.irrf_cents),
            iss: money(preview.data.iss_cents),
            net: money(preview.data.net_cents),
          })}
        </Text>
      )}
    </Stack>
  );
}

/** The rates withheld when paying a person, kept by the admin; the law's values change each January. */
export function WithholdingSettingsCard() {
  const settings = useWithholdingSettings();
  if (!settings.data) return <Skeleton height={420} radius="md" />;
  // Not keyed on the data: saving refreshes it, and the form (with its "saved") stays as it is.
  return <RatesForm initial={settings.data} />;
}

function RatesForm({ initial }: { initial: WithholdingSettings }) {
  const { t } = useTranslation();
  const save = useSaveWithholdingSettings();
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const form = useForm<Values>({
    initialValues: toValues(initial),
    validate: {
      inss_ceiling: moneyRule(withholdingSettingsSchema.shape.inss_ceiling_cents, t('tax.rates.moneyRule'), t),
      simplified_discount: moneyRule(
        withholdingSettingsSchema.shape.irrf_simplified_discount_cents,
        t('tax.rates.moneyRule'),
        t,
      ),
    },
  });
  const submit = form.onSubmit(async (values) => {
    setFeedback(null);
    try {
      await save.mutateAsync(toSettings(values));
      setFeedback({ tone: 'success', text: t('tax.rates.saved') });
    } catch (error) {
      const problem = showApiError(form, error, t, { irrf_brackets: { field: 'brackets' } });
      setFeedback(problem ? { tone: 'error', text: problem } : null);
    }
  });
  const money = (name: keyof Values, label: string) => <MoneyInput label={label} {...form.getInputProps(name)} />;
  return (
    <Card withBorder padding="lg" radius="md" component="form" onSubmit={submit} noValidate>
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} size="h4">
            {t('tax.rates.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('tax.rates.description')}
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('tax.rates.payerName')} maxLength={150} {...form.getInputProps('payer_name')} />
          <TextInput
            label={t('tax.rates.payerDocument')}
            inputMode="numeric"
            {...form.getInputProps('payer_document')}
            onChange={(e) => form.setFieldValue('payer_document', formatDocument('company', e.currentTarget.value))}
          />
          <NumberInput
            label={t('tax.rates.inssRate')}
            suffix=" %"
            decimalScale={2}
            min={0}
            max={100}
            {...form.getInputProps('inss_rate')}
          />
          {money('inss_ceiling', t('tax.rates.inssCeiling'))}
        </SimpleGrid>
        <Stack gap={4}>
          <Text fw={600} size="sm">
            {t('tax.rates.irrfTable')}
          </Text>
          {/* A row per bracket; on a phone each field keeps its own label and its figures whole. */}
          <Grid gap="xs" visibleFrom="sm" aria-hidden>
            <Grid.Col span={5}>
              <Text size="xs" fw={600}>
                {t('tax.rates.upTo')}
              </Text>
            </Grid.Col>
            <Grid.Col span={3}>
              <Text size="xs" fw={600}>
                {t('tax.rates.rate')}
              </Text>
            </Grid.Col>
            <Grid.Col span={4}>
              <Text size="xs" fw={600}>
                {t('tax.rates.deduction')}
              </Text>
            </Grid.Col>
          </Grid>
          {form.values.brackets.map((_bracket, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the brackets are their positions
            <Grid key={i} gap="xs" data-testid="irrf-bracket">
              <Grid.Col span={12} hiddenFrom="sm" pb={0}>
                <Text size="xs" fw={700} c="dimmed" tt="uppercase">
                  {t('tax.rates.bracket', { row: i + 1 })}
                </Text>
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 5 }}>
                {i === form.values.brackets.length - 1 ? (
                  <Text size="sm" pt={{ base: 0, sm: 6 }}>
                    {t('tax.rates.above')}
                  </Text>
                ) : (
                  <MoneyInput
                    label={t('tax.rates.upTo')}
                    labelProps={{ hiddenFrom: 'sm' }}
                    aria-label={t('tax.rates.upToRow', { row: i + 1 })}
                    {...form.getInputProps(`brackets.${i}.up_to`)}
                  />
                )}
              </Grid.Col>
              <Grid.Col span={{ base: 5, sm: 3 }}>
                <NumberInput
                  label={t('tax.rates.rate')}
                  labelProps={{ hiddenFrom: 'sm' }}
                  aria-label={t('tax.rates.rateRow', { row: i + 1 })}
                  suffix=" %"
                  decimalScale={2}
                  min={0}
                  max={100}
                  {...form.getInputProps(`brackets.${i}.rate`)}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 7, sm: 4 }}>
                <MoneyInput
                  label={t('tax.rates.deduction')}
                  labelProps={{ hiddenFrom: 'sm' }}
                  aria-label={t('tax.rates.deductionRow', { row: i + 1 })}
                  {...form.getInputProps(`brackets.${i}.deduction`)}
                />
              </Grid.Col>
            </Grid>
          ))}
          {form.errors.brackets && (
            <Text size="xs" c="red.8" role="alert">
              {form.errors.brackets}
            </Text>
          )}
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {money('simplified_discount', t('tax.rates.simplifiedDiscount'))}
          {money('reduction_full_up_to', t('tax.rates.reductionFullUpTo'))}
          {money('reduction_partial_up_to', t('tax.rates.reductionPartialUpTo'))}
          {money('reduction_constant', t('tax.rates.reductionConstant'))}
          <NumberInput
            label={t('tax.rates.reductionFactor')}
            decimalScale={6}
            min={0}
            max={1}
            {...form.getInputProps('reduction_factor')}
          />
          <NumberInput
            label={t('tax.rates.issRate')}
            description={t('tax.rates.issHelp')}
            suffix=" %"
            decimalScale={2}
            min={0}
            max={100}
            {...form.getInputProps('iss_rate')}
          />
        </SimpleGrid>
        <Switch label={t('tax.rates.requireNfse')} {...form.getInputProps('require_nfse', { type: 'checkbox' })} />
        <Text size="xs" c="dimmed">
          {t('tax.rates.source')}
        </Text>
        {/* Beside the button: on a phone the top of the card is far above it. */}
        <FormAlert message={feedback?.text ?? null} tone={feedback?.tone} />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t('tax.rates.save')}
          </Button>
        </Group>
        <Preview />
      </Stack>
    </Card>
  );
}
