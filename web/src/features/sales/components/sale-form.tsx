import { PAYMENT_METHODS, type PaymentMethod } from '@contract/campaigns';
import { centsOf } from '@contract/money-text';
import { isRenewal, saleBodySchema } from '@contract/sales';
import {
  Anchor,
  Button,
  Card,
  Checkbox,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  useMatches,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link } from 'react-router';
import { pathTo } from '../../../app/paths';
import { type Feedback, FormAlert } from '../../../components/form-alert';
import { MoneyInput } from '../../../components/money-input';
import { useTranslation } from '../../../i18n';
import { showApiError } from '../../../lib/form';
import { formatMoney } from '../../../lib/format';
import { moneyRule } from '../../../lib/money-rule';
import { useRecordSale } from '../api/sales';
import type { Option } from './sales-filters';

type Who = 'affiliate_code' | 'click_id' | 'coupon';
type Values = {
  campaign_id: string | null;
  who: Who;
  affiliate_code: string;
  click_id: string;
  coupon: string;
  amount: string;
  payment_method: PaymentMethod;
  origin: string;
  customer_email: string;
  external_id: string;
  subscription_id: string;
  charge_number: number | string;
  approve: boolean;
};

const EMPTY: Values = {
  campaign_id: null,
  who: 'affiliate_code',
  affiliate_code: '',
  click_id: '',
  coupon: '',
  amount: '',
  payment_method: 'pix',
  origin: '',
  customer_email: '',
  external_id: '',
  subscription_id: '',
  charge_number: '',
  approve: false,
};

/** The subscription part as the contract reads it: a renewal needs no affiliate (its first sale names one). */
function subscriptionOf(values: Values) {
  const subscription = values.subscription_id.trim();
  return {
    subscription_id: subscription || undefined,
    charge_number: values.charge_number === '' ? undefined : Number(values.charge_number),
  };
}

/** /admin/vendas/criar: a sale typed in by an admin (reais on screen, cents on the wire). */
export function SaleForm({ campaigns }: { campaigns: Option[] }) {
  const { t, i18n } = useTranslation();
  const record = useRecordSale();
  const [feedback, setFeedback] = useState<(Feedback & { saleId?: number }) | null>(null);
  const form = useForm<Values>({
    initialValues: EMPTY,
    validate: {
      campaign_id: (v) => (v ? null : t('validation.required')),
      amount: moneyRule(saleBodySchema.shape.amount_cents, t('sales.create.amountRule'), t),
      affiliate_code: (v, values) =>
        values.who !== 'affiliate_code' || v.trim() || isRenewal(subscriptionOf(values))
          ? null
          : t('sales.create.whoRule'),
      click_id: (v, values) =>
        values.who !== 'click_id' || v.trim() || isRenewal(subscriptionOf(values)) ? null : t('sales.create.whoRule'),
      coupon: (v, values) =>
        values.who !== 'coupon' || v.trim() || isRenewal(subscriptionOf(values)) ? null : t('sales.create.couponRule'),
      subscription_id: (v, values) =>
        values.charge_number !== '' && !v.trim() ? t('sales.create.subscriptionRule') : null,
      charge_number: (v) =>
        v === '' || (Number.isInteger(Number(v)) && Number(v) >= 1 && Number(v) <= 10_000)
          ? null
          : t('sales.create.chargeRule'),
    },
  });

  const submit = form.onSubmit(async (values) => {
    setFeedback(null);
    const optional = (v: string) => (v.trim() ? v.trim() : undefined);
    const subscription = subscriptionOf(values);
    const who =
      values.who === 'affiliate_code'
        ? { affiliate_code: optional(values.affiliate_code) }
        : values.who === 'coupon'
          ? { coupon: optional(values.coupon) }
          : { click_id: optional(values.click_id) };
    try {
      const { sale, created } = await record.mutateAsync({
        campaign_id: Number(values.campaign_id),
        ...who,
        ...subscription,
        amount_cents: centsOf(values.amount) ?? 0,
        payment_method: values.payment_method,
        origin: optional(values.origin),
        customer_email: optional(values.customer_email),
        external_id: optional(values.external_id),
        status: values.approve ? 'approved' : 'pending',
      });
      setFeedback({
        tone: created ? 'success' : 'error',
        saleId: sale.id,
        text: created
          ? t('sales.create.recorded', {
              id: sale.id,
              name: sale.affiliate_name,
              commission: formatMoney(sale.commission_cents, i18n.language),
            })
          : t('sales.create.already', { id: sale.id }),
      });
      if (created) form.setValues({ ...EMPTY, campaign_id: values.campaign_id, payment_method: values.payment_method });
    } catch (error) {
      const message = showApiError(form, error, t);
      if (message) setFeedback({ tone: 'error', text: message });
    }
  });

  const who = form.getValues().who;
  const isRenewalCharge = isRenewal(subscriptionOf(form.getValues()));
  const whoOrientation = useMatches<'vertical' | 'horizontal'>({ base: 'vertical', sm: 'horizontal' });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        {feedback && (
          <FormAlert
            tone={feedback.tone}
            message={
              <>
                {feedback.text}{' '}
                {feedback.saleId && (
                  <Anchor component={Link} to={pathTo('saleDetails', { id: feedback.saleId })} fw={600}>
                    {t('sales.open', { id: feedback.saleId })}
                  </Anchor>
                )}
              </>
            }
          />
        )}
        <Card withBorder padding="lg">
          <Stack gap="md">
            <Select
              label={t('sales.create.campaign')}
              required
              searchable
              data={campaigns}
              {...form.getInputProps('campaign_id')}
            />
            <Stack gap={6}>
              {isRenewalCharge && (
                <Text size="sm" c="dimmed">
                  {t('sales.create.renewalWho')}
                </Text>
              )}
              <SegmentedControl
                aria-label={t('sales.create.who')}
                // Three choices in Portuguese are wider than a phone: one under the other there.
                orientation={whoOrientation}
                value={who}
                onChange={(value) => form.setFieldValue('who', value as Who)}
                data={[
                  { value: 'affiliate_code', label: t('sales.create.whoCode') },
                  { value: 'click_id', label: t('sales.create.whoClick') },
                  { value: 'coupon', label: t('sales.create.whoCoupon') },
                ]}
                w={{ base: '100%', sm: 'fit-content' }}
              />
              {who === 'affiliate_code' ? (
                <TextInput
                  label={t('sales.create.code')}
                  required={!isRenewalCharge}
                  maxLength={40}
                  {...form.getInputProps('affiliate_code')}
                />
              ) : who === 'coupon' ? (
                <TextInput
                  label={t('sales.create.coupon')}
                  description={t('sales.create.couponHelp')}
                  required={!isRenewalCharge}
                  maxLength={32}
                  {...form.getInputProps('coupon')}
                />
              ) : (
                <TextInput
                  label={t('sales.create.clickId')}
                  required={!isRenewalCharge}
                  ff="monospace"
                  {...form.getInputProps('click_id')}
                />
              )}
            </Stack>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <MoneyInput label={t('sales.create.amount')} required {...form.getInputProps('amount')} />
              <Select
                label={t('sales.create.method')}
                required
                allowDeselect={false}
                data={PAYMENT_METHODS.map((m) => ({ value: m, label: t(`campaigns.methods.${m}`) }))}
                {...form.getInputProps('payment_method')}
              />
              <TextInput
                label={t('sales.create.externalId')}
                description={t('sales.create.externalHelp')}
                maxLength={100}
                {...form.getInputProps('external_id')}
              />
              <TextInput
                label={t('sales.create.origin')}
                description={t('sales.create.originHelp')}
                maxLength={60}
                {...form.getInputProps('origin')}
              />
              <TextInput
                label={t('sales.create.customerEmail')}
                description={t('sales.create.customerHelp')}
                type="email"
                {...form.getInputProps('customer_email')}
              />
              <TextInput
                label={t('sales.create.subscriptionId')}
                description={t('sales.create.subscriptionHelp')}
                maxLength={100}
                {...form.getInputProps('subscription_id')}
              />
              <NumberInput
                label={t('sales.create.chargeNumber')}
                description={t('sales.create.chargeHelp')}
                min={1}
                max={10_000}
                allowDecimal={false}
                allowNegative={false}
                {...form.getInputProps('charge_number')}
              />
            </SimpleGrid>
            <Checkbox label={t('sales.create.approveNow')} {...form.getInputProps('approve', { type: 'checkbox' })} />
          </Stack>
        </Card>
        <Button
          type="submit"
          loading={record.isPending}
          w={{ base: '100%', sm: 'auto' }}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('sales.create.submit')}
        </Button>
      </Stack>
    </form>
  );
}
