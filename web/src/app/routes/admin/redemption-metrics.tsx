import { Card, Text } from '@mantine/core';
import { BreakdownView } from '../../../features/metrics/components/breakdown-view';
import { MetricsScreen } from '../../../features/metrics/components/metrics-screen';
import { useNetworks } from '../../../features/networks/api/networks';
import { useTranslation } from '../../../i18n';
import { formatNumber } from '../../../lib/format';

export default function RedemptionMetricsScreen() {
  const { t, i18n } = useTranslation();
  const networks = (useNetworks().data ?? []).map((n) => ({ value: String(n.id), label: n.name }));
  return (
    <MetricsScreen
      title={t('screens.adminRedemptionMetrics')}
      description={t('metrics.redemptionsDescription')}
      networks={networks}
    >
      {(query) => (
        <BreakdownView
          path="redemptions"
          query={query}
          overTime={t('metrics.paidOverTime')}
          tables={[
            { key: 'by_method', title: t('metrics.tables.paid_by_method') },
            { key: 'by_status', title: t('metrics.tables.by_redemption_status') },
          ]}
          label={(table, key) =>
            table === 'by_status'
              ? t(`ledger.statuses.${key}`, { defaultValue: key })
              : t(`ledger.methods.${key}`, { defaultValue: key })
          }
        >
          {(data) => (
            <Card withBorder padding="md" w={{ base: '100%', sm: 280 }}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                {t('metrics.indicators.average_days_to_pay')}
              </Text>
              <Text fz={24} fw={700} data-testid="average-days-to-pay">
                {data?.average_days_to_pay === null || data?.average_days_to_pay === undefined
                  ? '—'
                  : t('metrics.days', {
                      count: data.average_days_to_pay,
                      value: formatNumber(data.average_days_to_pay, i18n.language),
                    })}
              </Text>
            </Card>
          )}
        </BreakdownView>
      )}
    </MetricsScreen>
  );
}
