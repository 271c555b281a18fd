import type { PeriodQuery } from '@contract/metrics';
import { type ReactNode, useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { DEFAULT_PERIOD } from '../period';
import { MetricsFilters } from './metrics-filters';

/** Title, period and network filters, and the screen's content for the chosen query. */
export function MetricsScreen({
  title,
  description,
  networks,
  extraFilters,
  children,
}: {
  title: string;
  description: string;
  networks: { value: string; label: string }[];
  extraFilters?: ReactNode;
  children: (query: PeriodQuery) => ReactNode;
}) {
  const [period, setPeriod] = useState<Pick<PeriodQuery, 'from' | 'to'>>(DEFAULT_PERIOD);
  const [networkId, setNetworkId] = useState<string | null>(null);
  return (
    <>
      <PageHeader title={title} description={description} />
      <MetricsFilters onPeriod={setPeriod} networkId={networkId} onNetwork={setNetworkId} networks={networks}>
        {extraFilters}
      </MetricsFilters>
      {children({ ...period, network_id: networkId ? Number(networkId) : undefined })}
    </>
  );
}
