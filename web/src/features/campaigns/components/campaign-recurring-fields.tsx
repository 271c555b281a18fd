import { type Campaign, campaignBodySchema, RECURRING_RULES, type RecurringRule } from '@contract/campaigns';
import { centsOf, formatMoneyInput } from '@contract/money-text';
import { NumberInput, Select, Stack, Text, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { MoneyInput } from '../../../components/money-input';
import type { TFunction } from '../../../i18n';
import { useTranslation } from '../../../i18n';
import { numberSeparators } from '../../../lib/format';
import { moneyRule } from '../../../lib/money-rule';

type Mode = 'level' | 'percent' | 'fixed';

/** The recurring part of the campaign form: a renewal's value is typed in the campaign's own unit. */
export type RecurringValues = {
  mode: Mode;
  recurring_rule: RecurringRule;
  recurring_charges: number | string;
  /** A percentage, in percent mode; empty: the first charge's. */
  renewal_percent: number | string;
  /** Reais as typed, in fixed mode; empty: the first charge's. */
  renewal_fixed: string;
};

export function recurringInitialValues(campaign?: Campaign): Omit<RecurringValues, 'mode'> {
  const renewal = campaign?.renewal_commission_value ?? null;
  return {
    // A new campaign pays the first charge only until the admin chooses renewals too.
    recurring_rule: campaign?.recurring_rule ?? 'first_charge',
    recurring_charges: campaign?.recurring_charges ?? '',
    renewal_percent: campaign?.commission_type === 'percent' && renewal !== null ? renewal / 100 : '',
    renewal_fixed: campaign?.commission_type === 'fixed' && renewal !== null ? formatMoneyInput(renewal) : '',
  };
}

/** Whether a renewal may have its own value: a campaign rule to share the unit of, and renewals that earn. */
const takesRenewalValue = (values: RecurringValues) =>
  values.mode !== 'level' && values.recurring_rule !== 'first_charge';

/** The form's checks of these fields, the contract's rules in the person's language. */
export function recurringRules(t: TFunction) {
  return {
    recurring_charges: (v: number | string, values: RecurringValues) =>
      values.recurring_rule !== 'first_n' ||
      (Number.isInteger(Number(v)) && v !== '' && Number(v) >= 2 && Number(v) <= 120)
        ? null
        : t('campaigns.recurring.chargesRule'),
    renewal_percent: (v: number | string, values: RecurringValues) =>
      !takesRenewalValue(values) || values.mode !== 'percent' || v === '' || (Number(v) >= 0 && Number(v) <= 100)
        ? null
        : t('campaigns.commissionRule'),
    renewal_fixed: (v: string, values: RecurringValues) =>
      takesRenewalValue(values) && values.mode === 'fixed'
        ? moneyRule(campaignBodySchema.shape.renewal_commission_value, t('campaigns.commissionRule'), t, {
            isOptional: true,
          })(v)
        : null,
  };
}

/** The body's recurring fields: nothing the contract would refuse for the rule and commission chosen. */
export function recurringBody(values: RecurringValues) {
  const renewal = !takesRenewalValue(values)
    ? null
    : values.mode === 'percent'
      ? values.renewal_percent === ''
        ? null
        : Math.round(Number(values.renewal_percent) * 100)
      : (centsOf(values.renewal_fixed) ?? null);
  return {
    recurring_rule: values.recurring_rule,
    recurring_charges: values.recurring_rule === 'first_n' ? Number(values.recurring_charges) : null,
    renewal_commission_value: renewal,
  };
}

/** Which charges of a subscription earn, how many, and at what renewal rate. */
export function CampaignRecurringFields<V extends RecurringValues>({ form }: { form: UseFormReturnType<V> }) {
  const { t, i18n } = useTranslation();
  const values = form.getValues();
  const separators = numberSeparators(i18n.language);
  // Generic form values: the field paths are this section's own.
  const field = (name: keyof RecurringValues) => form.getInputProps(name as never);
  return (
    <Stack gap="md">
      <div>
        <Title order={2} fz="lg">
          {t('campaigns.recurring.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('campaigns.recurring.help')}
        </Text>
      </div>
      <Select
        label={t('campaigns.recurring.rule')}
        description={t(`campaigns.recurring.ruleHelp.${values.recurring_rule}`)}
        allowDeselect={false}
        data={RECURRING_RULES.map((rule) => ({ value: rule, label: t(`campaigns.recurring.rules.${rule}`) }))}
        // Each choice says what it means before it is chosen.
        renderOption={({ option }) => (
          <div>
            <Text size="sm">{option.label}</Text>
            <Text size="xs" c="dimmed">
              {t(`campaigns.recurring.ruleHelp.${option.value}`)}
            </Text>
          </div>
        )}
        {...field('recurring_rule')}
      />
      {values.recurring_rule === 'first_n' && (
        <NumberInput
          label={t('campaigns.recurring.charges')}
          description={t('campaigns.recurring.chargesHelp')}
          required
          min={2}
          max={120}
          allowDecimal={false}
          allowNegative={false}
          w={{ base: '100%', xs: 240 }}
          {...field('recurring_charges')}
        />
      )}
      {values.recurring_rule !== 'first_charge' && values.mode === 'percent' && (
        <NumberInput
          label={t('campaigns.recurring.renewalPercent')}
          description={t('campaigns.recurring.renewalHelp')}
          min={0}
          max={100}
          decimalScale={2}
          suffix=" %"
          decimalSeparator={separators.decimalSeparator}
          w={{ base: '100%', xs: 240 }}
          {...field('renewal_percent')}
        />
      )}
      {values.recurring_rule !== 'first_charge' && values.mode === 'fixed' && (
        <MoneyInput
          label={t('campaigns.recurring.renewalFixed')}
          description={t('campaigns.recurring.renewalHelp')}
          w={{ base: '100%', xs: 240 }}
          {...field('renewal_fixed')}
        />
      )}
      {values.recurring_rule !== 'first_charge' && values.mode === 'level' && (
        <Text size="sm" c="dimmed">
          {t('campaigns.recurring.renewalLevelNote')}
        </Text>
      )}
    </Stack>
  );
}
