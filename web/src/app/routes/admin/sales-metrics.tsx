import { BreakdownView } from '../../../features/metrics/components/breakdown-view';
import { MetricsScreen } from '../../../features/metrics/components/metrics-screen';
import { useNetworks } from '../../../features/networks/api/networks';
import { useTranslation } from '../../../i18n';

export default function SalesMetricsScreen() {
  const { t } = useTranslation();
  const networks = (useNetworks().data ?? []).map((n) => ({ value: String(n.id), label: n.name }));
  return (
    <MetricsScreen
      title={t('screens.adminSalesMetrics')}
      description={t('metrics.salesDescription')}
      networks={networks}
    >
      {(query) => (
        <BreakdownView
          path="sales"
          query={query}
          overTime={t('metrics.statusOverTime')}
          tables={[
            { key: 'by_status', title: t('metrics.tables.by_status') },
            { key: 'by_charge', title: t('metrics.tables.by_charge') },
            { key: 'by_campaign', title: t('metrics.tables.by_campaign') },
            { key: 'by_network', title: t('metrics.tables.by_network') },
          ]}
          label={(table, key) => {
            if (table === 'by_status') return t(`sales.statuses.${key}`, { defaultValue: key });
            if (table === 'by_charge') return t(`metrics.charges.${key}`, { defaultValue: key });
            return key;
          }}
        />
      )}
    </MetricsScreen>
  );
}
