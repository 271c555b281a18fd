import { Button, Grid, Group, Stack, Text } from '@mantine/core';
import { Link, useLocation, useParams } from 'react-router';
import { FormAlert } from '../../../components/form-alert';
import { PageHeader } from '../../../components/page-header';
import { AuditTrail } from '../../../features/audit/components/audit-trail';
import { CampaignForm, CampaignImageCard } from '../../../features/campaigns/components/campaign-form';
import { CampaignLoader } from '../../../features/campaigns/components/campaign-loader';
import { useTranslation } from '../../../i18n';
import { pathTo } from '../../paths';

export default function CampaignEditScreen() {
  const { t } = useTranslation();
  const justCreated = (useLocation().state as { saved?: boolean } | null)?.saved;
  const { id = '' } = useParams();
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
        )}
      </CampaignLoader>
    </>
  );
}
