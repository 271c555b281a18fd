import { PAYMENT_METHODS } from '@contract/campaigns';
import { SALE_STATUSES, type SaleListQuery } from '@contract/sales';
import { Button, Checkbox, CloseButton, Group, Select, Text, TextInput } from '@mantine/core';
import { IconSearch, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { DateRangeInputs } from '../../../components/date-range-inputs';
import { useTranslation } from '../../../i18n';

export type Option = { value: string; label: string };
export type SaleFilters = Pick<
  SaleListQuery,
  | 'from'
  | 'to'
  | 'status'
  | 'campaign_id'
  | 'affiliate_id'
  | 'network_id'
  | 'payment_method'
  | 'origin'
  | 'flagged'
  | 'subscription_id'
> & { search: string };

/** Affiliates to choose from, found by what the admin types (the screen runs the search). */
export type AffiliateChoice = { options: Option[]; onSearch: (q: string) => void };

export const NO_FILTERS: SaleFilters = { search: '' };

/** The query parameters other screens link to the sales lists with: one subscription's charges (?assinatura=…&campanha=…). */
export const SUBSCRIPTION_PARAM = 'assinatura';
export const CAMPAIGN_PARAM = 'campanha';

export function salesFiltersOf(params: URLSearchParams): SaleFilters {
  const subscription = params.get(SUBSCRIPTION_PARAM)?.trim();
  const campaignId = Number(params.get(CAMPAIGN_PARAM));
  return {
    ...NO_FILTERS,
    ...(subscription ? { subscription_id: subscription.slice(0, 100) } : {}),
    ...(Number.isInteger(campaignId) && campaignId > 0 ? { campaign_id: campaignId } : {}),
  };
}

/** Period, status and campaign for everyone; network, payment method, origin and flags for admins. */
export function SalesFilters({
  value,
  onChange,
  campaigns,
  networks,
  affiliates,
  admin,
}: {
  value: SaleFilters;
  onChange: (next: SaleFilters) => void;
  campaigns: Option[];
  /** Without it there is no network filter (a screen that is about one network). */
  networks?: Option[];
  affiliates?: AffiliateChoice;
  admin: boolean;
}) {
  const { t } = useTranslation();
  const set = (patch: Partial<SaleFilters>) => onChange({ ...value, ...patch });
  // The chosen affiliate stays choosable whatever the latest search found.
  const [picked, setPicked] = useState<Option | null>(null);
  const affiliateOptions =
    affiliates && picked && !affiliates.options.some((o) => o.value === picked.value)
      ? [picked, ...affiliates.options]
      : (affiliates?.options ?? []);
  const isFiltered = Object.entries(value).some(([, v]) => v !== undefined && v !== '');
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        aria-label={admin ? t('sales.search') : t('sales.searchOwn')}
        placeholder={admin ? t('sales.search') : t('sales.searchOwn')}
        leftSection={<IconSearch size={16} />}
        value={value.search}
        onChange={(event) => set({ search: event.currentTarget.value })}
        w={{ base: '100%', sm: 260 }}
      />
      <DateRangeInputs
        from={value.from ?? ''}
        to={value.to ?? ''}
        labels={{ from: t('sales.from'), to: t('sales.to') }}
        onChange={(range) => set({ from: range.from || undefined, to: range.to || undefined })}
      />
      <Select
        aria-label={t('sales.status')}
        placeholder={t('sales.anyStatus')}
        clearable
        data={SALE_STATUSES.map((s) => ({ value: s, label: t(`sales.statuses.${s}`) }))}
        value={value.status ?? null}
        onChange={(status) => set({ status: (status as SaleFilters['status']) ?? undefined })}
        w={{ base: '100%', xs: 170 }}
      />
      <Select
        aria-label={t('sales.campaign')}
        placeholder={t('sales.anyCampaign')}
        clearable
        searchable
        data={campaigns}
        value={value.campaign_id ? String(value.campaign_id) : null}
        onChange={(id) => set({ campaign_id: id ? Number(id) : undefined })}
        w={{ base: '100%', xs: 220 }}
      />
      {admin && (
        <>
          {affiliates && (
            <Select
              aria-label={t('sales.affiliate')}
              placeholder={t('sales.anyAffiliate')}
              clearable
              searchable
              nothingFoundMessage={t('sales.noAffiliate')}
              data={affiliateOptions}
              filter={({ options }) => options}
              onSearchChange={(q) => affiliates.onSearch(q === picked?.label ? '' : q)}
              value={value.affiliate_id ? String(value.affiliate_id) : null}
              onChange={(id, option) => {
                setPicked(id ? option : null);
                set({ affiliate_id: id ? Number(id) : undefined });
              }}
              w={{ base: '100%', xs: 220 }}
            />
          )}
          {networks && (
            <Select
              aria-label={t('sales.network')}
              placeholder={t('sales.anyNetwork')}
              clearable
              data={networks ?? []}
              value={value.network_id ? String(value.network_id) : null}
              onChange={(id) => set({ network_id: id ? Number(id) : undefined })}
              w={{ base: '100%', xs: 200 }}
            />
          )}
          <Select
            aria-label={t('sales.paymentMethod')}
            placeholder={t('sales.anyMethod')}
            clearable
            data={PAYMENT_METHODS.map((m) => ({ value: m, label: t(`campaigns.methods.${m}`) }))}
            value={value.payment_method ?? null}
            onChange={(method) => set({ payment_method: (method as SaleFilters['payment_method']) ?? undefined })}
            w={{ base: '100%', xs: 180 }}
          />
          <TextInput
            aria-label={t('sales.origin')}
            placeholder={t('sales.origin')}
            value={value.origin ?? ''}
            onChange={(event) => set({ origin: event.currentTarget.value || undefined })}
            w={{ base: '100%', xs: 150 }}
          />
          <Checkbox
            label={t('sales.flaggedOnly')}
            checked={value.flagged === 'true'}
            onChange={(event) => set({ flagged: event.currentTarget.checked ? 'true' : undefined })}
            mb={8}
          />
        </>
      )}
      {/* Set by a link from the subscriptions screen: shown, and removable, rather than an input of its own. */}
      {value.subscription_id && (
        <Group
          gap={4}
          wrap="nowrap"
          ps="sm"
          pe={4}
          py={4}
          mb={4}
          bg="var(--mantine-color-default-hover)"
          style={{ borderRadius: 'var(--mantine-radius-xl)', maxWidth: '100%' }}
        >
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {t('sales.subscriptionFilter', { id: value.subscription_id })}
          </Text>
          <CloseButton
            size="sm"
            radius="xl"
            aria-label={t('sales.removeSubscriptionFilter')}
            onClick={() => set({ subscription_id: undefined })}
          />
        </Group>
      )}
      {isFiltered && (
        <Button variant="subtle" leftSection={<IconX size={14} />} onClick={() => onChange(NO_FILTERS)}>
          {t('sales.clearFilters')}
        </Button>
      )}
    </Group>
  );
}
