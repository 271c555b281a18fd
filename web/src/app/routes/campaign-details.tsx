import { ADMIN_ROLE } from '@contract/session';
import { Stack } from '@mantine/core';
import { useState } from 'react';
import { PageHeader } from '../../components/page-header';
import { CampaignDetails } from '../../features/campaigns/components/campaign-details';
import { CampaignLoader } from '../../features/campaigns/components/campaign-loader';
import { CampaignCoupons } from '../../features/coupons/components/campaign-coupons';
import { SharedCreatives } from '../../features/creatives/components/shared-creatives';
import { PeriodPicker } from '../../features/metrics/components/period-picker';
import { TrafficView } from '../../features/metrics/components/traffic-view';
import { DEFAULT_PERIOD, type Period } from '../../features/metrics/period';
import { useTranslation } from '../../i18n';
import { currentClaims } from '../../lib/session';

export default function CampaignDetailsScreen() {
  const { t } = useTranslation();
  const isAdmin = currentClaims()?.role === ADMIN_ROLE;
  const [period, setPeriod] = useState<Period>(DEFAULT_PERIOD);
  return (
    <CampaignLoader>
      {(campaign) => (
        <>
          <PageHeader title={campaign.name} description={t('screens.campaignDetails')} />
          <CampaignDetails campaign={campaign} />
          {/* Coupons: an admin manages the campaign's, an affiliate copies their own to share. */}
          <Stack gap="md" mt="xl">
            <CampaignCoupons campaignId={campaign.id} isAdmin={isAdmin} />
          </Stack>
          {/* What to share, filled with the affiliate's link; an admin manages it in the campaign's edit screen. */}
          {!isAdmin && (
            <Stack gap="md" mt="xl">
              <SharedCreatives campaignId={campaign.id} />
            </Stack>
          )}
          {/* An affiliate sees its own clicks on the campaign; an admin the programme's. */}
          <Stack gap="md" mt="xl">
            <PeriodPicker onChange={setPeriod} />
            <TrafficView
              period={period}
              scope={{ campaign_id: campaign.id }}
              name={`traffic-campaign-${campaign.id}`}
            />
          </Stack>
        </>
      )}
    </CampaignLoader>
  );
}
