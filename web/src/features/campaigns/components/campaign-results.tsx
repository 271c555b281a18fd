import { Card, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { ResponsiveDataTable } from '../../../components/responsive-data-table';
import { useTranslation } from '../../../i18n';
import { formatMoney, formatRate } from '../../../lib/format';
import { useCampaignStats } from '../api/campaigns';

/** Clicks, sales and commissions on this campaign: the affiliate's own, or each affiliate's for an admin. */
export function CampaignResults({ campaignId, isAdmin }: { campaignId: number; isAdmin: boolean }) {
  const { t, i18n } = useTranslation();
  const stats = useCampaignStats(campaignId);
  const money = (cents: number) => formatMoney(cents, i18n.language);
  const totals = stats.data?.totals;
  const conversion =
    totals && totals.clicks > 0 ? formatRate(Math.round((totals.sales * 10_000) / totals.clicks), i18n.language) : '—';
  const figures = totals
    ? [
        { key: 'clicks', label: t('links.clicks'), value: String(totals.clicks) },
        { key: 'sales', label: t('links.sales'), value: String(totals.sales) },
        { key: 'conversion', label: t('links.conversion'), value: conversion },
        { key: 'commission', label: t('campaigns.earned'), value: money(totals.commission_cents) },
      ]
    : [];
  return (
    <Card withBorder padding="lg">
      <Title order={2} fz="lg" mb="md">
        {isAdmin ? t('campaigns.results') : t('campaigns.yourResults')}
      </Title>
      {stats.isPending ? (
        <Skeleton h={64} />
      ) : (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
            {figures.map((f) => (
              <Stack key={f.key} gap={2}>
                <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                  {f.label}
                </Text>
                <Text fz="xl" fw={700} data-testid={`campaign-${f.key}`}>
                  {f.value}
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
          {totals && totals.commission_cents > 0 && (
            <Text size="sm" c="dimmed">
              {t('campaigns.approvedOf', { amount: money(totals.approved_commission_cents) })}
            </Text>
          )}
          {isAdmin && (stats.data?.affiliates.length ?? 0) > 0 && (
            <ResponsiveDataTable
              idAccessor="affiliate_id"
              inCard
              dense
              records={stats.data?.affiliates ?? []}
              noRecordsText={t('metrics.nothingYet')}
              columns={[
                { accessor: 'name', title: t('sales.affiliate'), isPrimary: true },
                { accessor: 'clicks', title: t('links.clicks'), textAlign: 'right' },
                { accessor: 'sales', title: t('links.sales'), textAlign: 'right' },
                {
                  accessor: 'commission_cents',
                  title: t('links.commission'),
                  textAlign: 'right',
                  render: (a) => money(a.commission_cents),
                },
              ]}
            />
          )}
        </Stack>
      )}
    </Card>
  );
}
