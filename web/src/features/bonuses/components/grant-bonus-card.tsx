import { BONUS_AMOUNT_MAX_CENTS } from '@contract/bonuses';
import { centsOf } from '@contract/money-text';
import { Button, Card, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { z } from 'zod';
import { FormAlert } from '../../../components/form-alert';
import { MoneyInput } from '../../../components/money-input';
import { useTranslation } from '../../../i18n';
import { showApiError } from '../../../lib/form';
import { formatMoney } from '../../../lib/format';
import { moneyRule } from '../../../lib/money-rule';
import { useBonusCandidates, useGrantBonus } from '../api/bonuses';

type Values = { affiliate_id: string | null; amount: string; reason: string };

const bonusCents = z.number().int().min(1).max(BONUS_AMOUNT_MAX_CENTS);

/** A one-off bonus to one affiliate: paid into their balance at once, with the reason they read. */
export function GrantBonusCard() {
  const { t, i18n } = useTranslation();
  const grant = useGrantBonus();
  const [alert, setAlert] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  // The chosen affiliate stays choosable, and its label in the box is not a new search.
  const [picked, setPicked] = useState<{ value: string; label: string } | null>(null);
  const [q] = useDebouncedValue(search === picked?.label ? '' : search.trim(), 250);
  const candidates = useBonusCandidates(q);
  const form = useForm<Values>({
    initialValues: { affiliate_id: null, amount: '', reason: '' },
    validate: {
      affiliate_id: (v) => (v ? null : t('validation.required')),
      amount: moneyRule(bonusCents, t('bonuses.amountRule'), t),
      reason: (v) => (v.trim().length >= 3 ? null : t('validation.reason')),
    },
  });
  const found = (candidates.data?.items ?? []).map((a) => ({
    value: String(a.id),
    label: `${a.first_name} ${a.last_name} (${a.code})`,
  }));
  const options = picked && !found.some((o) => o.value === picked.value) ? [picked, ...found] : found;

  const submit = form.onSubmit(async (values) => {
    setAlert(null);
    setDone(null);
    try {
      const award = await grant.mutateAsync({
        affiliateId: Number(values.affiliate_id),
        amount_cents: centsOf(values.amount) ?? 0,
        reason: values.reason.trim(),
      });
      setDone(
        t('bonuses.granted', { amount: formatMoney(award.amount_cents, i18n.language), name: award.affiliate_name }),
      );
      form.reset();
      setPicked(null);
      setSearch('');
    } catch (error) {
      setAlert(showApiError(form, error, t, { amount_cents: { field: 'amount' } }));
    }
  });

  return (
    <Card withBorder padding="lg">
      <Title order={2} fz="lg" mb={4}>
        {t('bonuses.oneOff')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('bonuses.oneOffHelp')}
      </Text>
      <form onSubmit={submit} noValidate aria-label={t('bonuses.oneOff')}>
        <Stack gap="md">
          <FormAlert message={alert} />
          <FormAlert message={done} tone="success" />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t('bonuses.affiliate')}
              placeholder={t('bonuses.affiliateSearch')}
              required
              searchable
              searchValue={search}
              onSearchChange={setSearch}
              filter={({ options: all }) => all}
              nothingFoundMessage={t('bonuses.noCandidates')}
              data={options}
              {...form.getInputProps('affiliate_id')}
              onChange={(value, option) => {
                form.setFieldValue('affiliate_id', value);
                setPicked(value && option ? { value, label: option.label } : null);
              }}
            />
            <MoneyInput label={t('bonuses.amount')} required {...form.getInputProps('amount')} />
          </SimpleGrid>
          <TextInput
            label={t('bonuses.reason')}
            description={t('bonuses.reasonHelp')}
            required
            maxLength={300}
            {...form.getInputProps('reason')}
          />
          <Group>
            <Button type="submit" loading={grant.isPending}>
              {t('bonuses.grant')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
