import { Button, Grid, Group, Stack, Tabs, Text } from '@mantine/core';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { FormAlert } from '../../../components/form-alert';
import { PageHeader } from '../../../components/page-header';
import { AuditTrail } from '../../../features/audit/components/audit-trail';
import { CampaignForm, CampaignImageCard } from '../../../features/campaigns/components/campaign-form';
import { CampaignLoader } from '../../../features/campaigns/components/campaign-loader';
import { AdminCreatives } from '../../../features/creatives/components/admin-creatives';
import { useLevels } from '../../../features/levels/api/levels';
import { useNetworks } from '../../../features/networks/api/networks';
import { useTranslation } from '../../../i18n';
import { pathTo } from '../../paths';

/** The campaign's form, and its creatives in a tab of their own (`?tab=creatives`, so it can be linked to). */
export default function CampaignEditScreen() {
  const { t } = useTranslation();
  const justCreated = (useLocation().state as { saved?: boolean } | null)?.saved;
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'creatives' ? 'creatives' : 'campaign';
  return (
    <>
      <PageHeader title={t('screens.adminCampaignEdit')} />
      <FormAlert
        message={
          justCreated && (
            // Coupons live on the campaign's page: the next thing a new campaign usually needs.
            <Group gap="xs" justify="space-between" wrap="wrap">
              <Text size="sm">{t('campaigns.created')}</Text>
              <Button component={Link} to={pathTo('campaignDetails', { id })} size="compact-sm" variant="light">
                {t('campaigns.toCoupons')}
              </Button>
            </Group>
          )
        }
        tone="success"
        mb="md"
      />
      <CampaignLoader>
        {(campaign) => (
          <Tabs
            value={tab}
            // The creatives load when their tab opens, not with the form.
            keepMounted={false}
            onChange={(value) => setParams(value === 'creatives' ? { tab: 'creatives' } : {}, { replace: true })}
          >
            <Tabs.List mb="lg">
              <Tabs.Tab value="campaign">{t('creatives.tabCampaign')}</Tabs.Tab>
              <Tabs.Tab value="creatives">{t('creatives.tab')}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="campaign">
              <Grid gap="lg">
                <Grid.Col span={{ base: 12, lg: 8 }}>
                  <CampaignForm campaign={campaign} />
                </Grid.Col>
                <Grid.Col span={{ base: 12, lg: 4 }}>
                  <Stack gap="lg">
                    <CampaignImageCard campaign={campaign} />
                    <AuditTrail entity="campaign" entityId={campaign.id} />
                  </Stack>
                </Grid.Col>
              </Grid>
            </Tabs.Panel>
            <Tabs.Panel value="creatives">
              <CreativesTab campaignId={campaign.id} />
            </Tabs.Panel>
          </Tabs>
        )}
      </CampaignLoader>
    </>
  );
}

/** The levels and networks a creative may be shown to, read here: a feature never imports another. */
function CreativesTab({ campaignId }: { campaignId: number }) {
  const levels = useLevels();
  const networks = useNetworks();
  const options = (items: { id: number; name: string }[] | undefined) =>
    (items ?? []).map((item) => ({ value: String(item.id), label: item.name }));
  return <AdminCreatives campaignId={campaignId} levels={options(levels.data)} networks={options(networks.data)} />;
}
