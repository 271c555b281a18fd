import type { ChargebackRateReport } from '@contract/fraud';
import { Card, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconShieldCheck } from '@tabler/icons-react';
import { FormAlert } from '../../../components/form-alert';
import { ResponsiveDataTable } from '../../../components/responsive-data-table';
import { StatusBadge } from '../../../components/status-badge';
import { useTranslation } from '../../../i18n';
import { errorMessage } from '../../../lib/form';
import { formatBps, formatRate } from '../../../lib/format';
import { useChargebackRates } from '../api/fraud';

type Row = ChargebackRateReport['items'][number];

/**
 * "Chargeback rate per affiliate": who had chargebacks over the rule's days, worst first, and who is
 * over its threshold with enough paid sales (their new sales wait for review), marked in words and colour.
 */
export function ChargebackRatesTable() {
  const { t, i18n } = useTranslation();
  const report = useChargebackRates();
  const days = report.data?.days ?? 0;
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t('fraud.chargebacksTitle')}
        </Title>
        {report.data && (
          <Text c="dimmed" size="sm">
            {t('fraud.chargebacksDescription', {
              days,
              threshold: formatBps(report.data.threshold_bps, i18n.language),
              minSales: report.data.min_sales,
            })}
          </Text>
        )}
        <FormAlert message={report.isError ? errorMessage(report.error, t) : null} />
        <ResponsiveDataTable<Row>
          idAccessor="affiliate_id"
          fetching={report.isPending}
          records={report.data?.items ?? []}
          noRecordsIcon={<IconShieldCheck size={36} stroke={1.4} />}
          noRecordsText={t('fraud.noChargebacks', { days })}
          rowColor={(r) => (r.flagged ? { light: 'red.0', dark: 'dark.6' } : undefined)}
          columns={[
            {
              accessor: 'affiliate_name',
              title: t('fraud.chargebackColumns.affiliate'),
              isPrimary: true,
              render: (r) => (
                <Stack gap={0}>
                  <Text size="sm" fw={600}>
                    {r.affiliate_name}
                  </Text>
                  <Text size="xs" c="dimmed" ff="monospace">
                    {r.affiliate_code}
                  </Text>
                </Stack>
              ),
            },
            { accessor: 'paid_sales', title: t('fraud.chargebackColumns.paidSales'), textAlign: 'right' },
            { accessor: 'chargebacks', title: t('fraud.chargebackColumns.chargebacks'), textAlign: 'right' },
            {
              accessor: 'rate_bps',
              title: t('fraud.chargebackColumns.rate'),
              textAlign: 'right',
              render: (r) => (
                <Text size="sm" fw={r.flagged ? 700 : 400}>
                  {formatRate(r.rate_bps, i18n.language)}
                </Text>
              ),
            },
            {
              accessor: 'flagged',
              title: t('fraud.chargebackColumns.state'),
              render: (r) =>
                r.flagged ? (
                  <StatusBadge color="red" leftSection={<IconAlertTriangle size={12} aria-hidden />}>
                    {t('fraud.overThreshold')}
                  </StatusBadge>
                ) : (
                  <StatusBadge color="gray">{t('fraud.underThreshold')}</StatusBadge>
                ),
            },
          ]}
        />
      </Stack>
    </Card>
  );
}
