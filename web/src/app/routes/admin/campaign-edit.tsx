import { Grid, Stack } from '@mantine/core';
import { useLocation } from 'react-router';
import { FormAlert } from '../../../components/form-alert';
import { PageHeader } from '../../../components/page-header';
import { AuditTrail } from '../../../features/audit/components/audit-trail';
import { CampaignForm, CampaignImageCard } from '../../../features/campaigns/components/campaign-form';
import { CampaignLoader } from '../../../features/campaigns/components/campaign-loader';
import { useTranslation } from '../../../i18n';

export default function CampaignEditScreen() {
  const { t } = useTranslation();
  const justCreated = (useLocation().state as { saved?: boolean } | null)?.saved;
  return (
    <>
      <PageHeader title={t('screens.adminCampaignEdit')} />
      <FormAlert message={justCreated ? t('campaigns.created') : null} tone="success" mb="md" />
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
