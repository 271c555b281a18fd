import type { TrackingLink } from '@contract/tracking';
import { Drawer, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { useCampaigns } from '../../features/campaigns/api/campaigns';
import { PeriodPicker } from '../../features/metrics/components/period-picker';
import { TrafficView } from '../../features/metrics/components/traffic-view';
import { DEFAULT_PERIOD, type Period } from '../../features/metrics/period';
import { LinkGenerator } from '../../features/tracking/components/link-generator';
import { LinksTable } from '../../features/tracking/components/links-table';
import { useTranslation } from '../../i18n';

export default function LinkGeneratorScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const active = useCampaigns({ status: 'active', page: 1, page_size: 100 });
  const every = useCampaigns({ page: 1, page_size: 100 });
  const options = (active.data?.items ?? []).map((c) => ({ value: String(c.id), label: c.name }));
  const filterOptions = (every.data?.items ?? []).map((c) => ({ value: String(c.id), label: c.name }));
  const chosen = params.get('campanha') ?? undefined;
  const [shown, setShown] = useState<TrackingLink | null>(null);
  const [period, setPeriod] = useState<Period>(DEFAULT_PERIOD);
  const isPhone = useMediaQuery('(max-width: 47.99em)');
  return (
    <>
      <PageHeader title={t('screens.linkGenerator')} description={t('links.description')} />
      <Stack gap="xl">
        <LinkGenerator
          campaigns={options}
          campaignsLoading={active.isPending}
          initialCampaignId={options.some((o) => o.value === chosen) ? chosen : undefined}
        />
        <LinksTable campaigns={filterOptions} onShowTraffic={setShown} />
      </Stack>
      <Drawer
        opened={shown !== null}
        onClose={() => setShown(null)}
        position={isPhone ? 'bottom' : 'right'}
        size={isPhone ? '92%' : 'xl'}
        title={shown ? t('traffic.ofLink', { link: shown.url.replace(/^https?:\/\//, '') }) : ''}
      >
        {shown && (
          <Stack gap="md">
            <PeriodPicker onChange={setPeriod} />
            <TrafficView period={period} scope={{ link_id: shown.id }} name={`traffic-${shown.code}`} isStacked />
          </Stack>
        )}
      </Drawer>
    </>
  );
}
