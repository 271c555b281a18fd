import { ADMIN_ROLE } from '@contract/session';
import { Stack } from '@mantine/core';
import { PageHeader } from '../../components/page-header';
import { CampaignDetails } from '../../features/campaigns/components/campaign-details';
import { CampaignLoader } from '../../features/campaigns/components/campaign-loader';
import { CampaignCoupons } from '../../features/coupons/components/campaign-coupons';
import { useTranslation } from '../../i18n';
import { currentClaims } from '../../lib/session';

export default function CampaignDetailsScreen() {
  const { t } = useTranslation();
  const isAdmin = currentClaims()?.role === ADMIN_ROLE;
  return (
    <CampaignLoader>
      {(campaign) => (
        <>
          <PageHeader title={campaign.name} description={t('screens.campaignDetails')} />
          <Stack gap="lg">
            <CampaignDetails campaign={campaign} />
            {/* Coupons: an admin manages the campaign's, an affiliate copies their own to share. */}
            <CampaignCoupons campaignId={campaign.id} isAdmin={isAdmin} />
          </Stack>
        </>
      )}
    </CampaignLoader>
  );
}
