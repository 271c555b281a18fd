import { type Balance, redemptionBodySchema } from '@contract/ledger';
import { centsOf } from '@contract/money-text';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { type Feedback, FormAlert } from '../../../components/form-alert';
import { MoneyInput } from '../../../components/money-input';
import { useTranslation } from '../../../i18n';
import { ApiError } from '../../../lib/api-client';
import { showApiError } from '../../../lib/form';
import { formatMoney } from '../../../lib/format';
import { moneyRule } from '../../../lib/money-rule';
import { useRequestRedemption } from '../api/ledger';

type Values = {
  amount: string;
  method: 'pix' | 'bank';
  bank: string;
  agency: string;
  account: string;
  account_type: 'checking' | 'savings';
  holder: string;
  document: string;
};

const RULES = ['BELOW_MINIMUM', 'ABOVE_BALANCE', 'NEGATIVE_BALANCE', 'OPEN_REQUEST', 'NO_PIX_KEY'];

/** The request form: the limits shown up front, PIX to the account's key or a bank account. */
export function RedemptionForm({
  balance,
  pixKey,
}: {
  balance: Balance;
  pixKey: { type: string; key: string } | null;
}) {
  const { t, i18n } = useTranslation();
  const money = (cents: number) => formatMoney(cents, i18n.language);
  const request = useRequestRedemption();
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  // The server found a request still open (one made in another tab): information, not an error.
  const [isOpenElsewhere, setOpenElsewhere] = useState(false);
  // A fresh key per intended request; kept across retries of that same request.
  const [key, setKey] = useState(() => crypto.randomUUID());
  const min = balance.min_redemption_cents;
  const max = Math.max(0, balance.available_cents);
  const form = useForm<Values>({
    initialValues: {
      amount: '',
      method: pixKey ? 'pix' : 'bank',
      bank: '',
      agency: '',
      account: '',
      account_type: 'checking',
      holder: '',
      document: '',
    },
    validate: {
      amount: (v) => {
        const belowMinimum = t('ledger.rules.BELOW_MINIMUM', { min: money(min) });
        const problem = moneyRule(redemptionBodySchema.shape.amount_cents, belowMinimum, t)(v);
        const cents = centsOf(v) ?? 0;
        if (problem || cents < min) return problem ?? belowMinimum;
        if (cents > max) return t('ledger.rules.ABOVE_BALANCE', { max: money(max) });
        return null;
      },
      bank: (v, values) => (values.method === 'bank' && !/^\d{3}$/.test(v.trim()) ? t('validation.required') : null),
      agency: (v, values) =>
        values.method === 'bank' && !/^[\d-]{1,6}$/.test(v.trim()) ? t('validation.required') : null,
      account: (v, values) =>
        values.method === 'bank' && !/^[\d-]{2,20}$/.test(v.trim()) ? t('validation.required') : null,
      holder: (v, values) => (values.method === 'bank' && v.trim().length < 3 ? t('validation.required') : null),
      document: (v, values) =>
        values.method === 'bank' && ![11, 14].includes(v.replace(/\D/g, '').length) ? t('validation.required') : null,
    },
  });

  const submit = form.onSubmit(async (values) => {
    setFeedback(null);
    setOpenElsewhere(false);
    try {
      const redemption = await request.mutateAsync({
        key,
        body: {
          amount_cents: centsOf(values.amount) ?? 0,
          method: values.method,
          ...(values.method === 'bank'
            ? {
                destination: {
                  type: 'bank' as const,
                  bank: values.bank.trim(),
                  agency: values.agency.trim(),
                  account: values.account.trim(),
                  account_type: values.account_type,
                  holder: values.holder.trim(),
                  document: values.document,
                },
              }
            : {}),
        },
      });
      setFeedback({
        tone: 'success',
        text: t('ledger.requested', { id: redemption.id, amount: money(redemption.amount_cents) }),
      });
      setKey(crypto.randomUUID());
      form.reset();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'OPEN_REQUEST') {
        setOpenElsewhere(true);
        return;
      }
      if (error instanceof ApiError && RULES.includes(error.code)) {
        setFeedback({ tone: 'error', text: t(`ledger.rules.${error.code}`, { min: money(min), max: money(max) }) });
        return;
      }
      const message = showApiError(form, error, t);
      if (message) setFeedback({ tone: 'error', text: message });
    }
  });

  // Say up front what the server would refuse anyway.
  const hasOpenRequest = (balance.one_open_at_a_time && balance.reserved_cents > 0) || isOpenElsewhere;
  const blocked = balance.available_cents < 0 ? 'NEGATIVE_BALANCE' : hasOpenRequest ? 'OPEN_REQUEST' : null;
  const method = form.getValues().method;
  return (
    <Card withBorder padding="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} fz="lg">
            {t('ledger.requestTitle')}
          </Title>
          <FormAlert
            message={feedback?.text ?? (blocked === 'NEGATIVE_BALANCE' ? t('ledger.rules.NEGATIVE_BALANCE') : null)}
            tone={feedback?.tone ?? 'error'}
          />
          {blocked === 'OPEN_REQUEST' && (
            // Waiting for one request to be decided is the rule working, not a fault: say what happens next.
            <Alert color="blue" icon={<IconInfoCircle />} title={t('ledger.openRequest.title')} role="status">
              {t('ledger.openRequest.text', { amount: money(balance.reserved_cents) })}
            </Alert>
          )}
          <MoneyInput
            label={t('ledger.amount')}
            description={t('ledger.limits', { min: money(min), max: money(max) })}
            required
            {...form.getInputProps('amount')}
          />
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              {t('ledger.method')}
            </Text>
            <SegmentedControl
              aria-label={t('ledger.method')}
              value={method}
              onChange={(value) => form.setFieldValue('method', value as Values['method'])}
              data={[
                { value: 'pix', label: t('ledger.methods.pix') },
                { value: 'bank', label: t('ledger.methods.bank') },
              ]}
              w={{ base: '100%', sm: 'fit-content' }}
            />
          </Stack>
          {method === 'pix' ? (
            pixKey ? (
              <Text size="sm">
                {t('ledger.pixTo', { key: `${t(`ledger.pixKeyTypes.${pixKey.type}`)} ${pixKey.key}` })}
              </Text>
            ) : (
              <Group gap="xs">
                <Text size="sm" c="orange.8">
                  {t('ledger.noPixKey')}
                </Text>
                <Anchor component={Link} to={paths.account} size="sm" fw={600}>
                  {t('ledger.addPixKey')}
                </Anchor>
              </Group>
            )
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={t('ledger.bank')}
                required
                maxLength={3}
                inputMode="numeric"
                {...form.getInputProps('bank')}
              />
              <TextInput
                label={t('ledger.agency')}
                required
                maxLength={6}
                inputMode="numeric"
                {...form.getInputProps('agency')}
              />
              <TextInput label={t('ledger.account')} required maxLength={20} {...form.getInputProps('account')} />
              <Select
                label={t('ledger.accountType')}
                allowDeselect={false}
                data={[
                  { value: 'checking', label: t('ledger.accountTypes.checking') },
                  { value: 'savings', label: t('ledger.accountTypes.savings') },
                ]}
                {...form.getInputProps('account_type')}
              />
              <TextInput label={t('ledger.holder')} required maxLength={120} {...form.getInputProps('holder')} />
              <TextInput label={t('ledger.document')} required maxLength={18} {...form.getInputProps('document')} />
            </SimpleGrid>
          )}
          <Button
            type="submit"
            loading={request.isPending}
            disabled={Boolean(blocked) || (method === 'pix' && !pixKey)}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('ledger.submit')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
