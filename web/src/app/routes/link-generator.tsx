import { Skeleton, Stack } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { useCampaigns } from '../../features/campaigns/api/campaigns';
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
  return (
    <>
      <PageHeader title={t('screens.linkGenerator')} description={t('links.description')} />
      <Stack gap="xl">
        {active.isPending ? (
          <Skeleton h={220} />
        ) : (
          <LinkGenerator
            campaigns={options}
            initialCampaignId={options.some((o) => o.value === chosen) ? chosen : undefined}
          />
        )}
        <LinksTable campaigns={filterOptions} />
      </Stack>
    </>
  );
}
