import { Select } from '@mantine/core';
import { useState } from 'react';
import { useCampaigns } from '../../../features/campaigns/api/campaigns';
import { MetricsScreen } from '../../../features/metrics/components/metrics-screen';
import { TrafficView } from '../../../features/metrics/components/traffic-view';
import { useNetworks } from '../../../features/networks/api/networks';
import { useTranslation } from '../../../i18n';

/** /admin/metricas/trafego: where the programme's clicks come from, optionally for one campaign or network. */
export default function TrafficMetricsScreen() {
  const { t } = useTranslation();
  const networks = (useNetworks().data ?? []).map((n) => ({ value: String(n.id), label: n.name }));
  const campaigns = (useCampaigns({ page: 1, page_size: 100 }).data?.items ?? []).map((c) => ({
    value: String(c.id),
    label: c.name,
  }));
  const [campaignId, setCampaignId] = useState<string | null>(null);
  return (
    <MetricsScreen
      title={t('screens.adminTrafficMetrics')}
      description={t('traffic.description')}
      networks={networks}
      extraFilters={
        <Select
          aria-label={t('links.campaign')}
          placeholder={t('links.allCampaigns')}
          clearable
          data={campaigns}
          value={campaignId}
          onChange={setCampaignId}
          w={220}
        />
      }
    >
      {(query) => (
        <TrafficView
          period={query}
          scope={{ network_id: query.network_id, campaign_id: campaignId ? Number(campaignId) : undefined }}
          name="traffic"
        />
      )}
    </MetricsScreen>
  );
}
