import { PageHeader } from '../../components/page-header';
import { CampaignDetails } from '../../features/campaigns/components/campaign-details';
import { CampaignLoader } from '../../features/campaigns/components/campaign-loader';
import { useTranslation } from '../../i18n';

export default function CampaignDetailsScreen() {
  const { t } = useTranslation();
  return (
    <CampaignLoader>
      {(campaign) => (
        <>
          <PageHeader title={campaign.name} description={t('screens.campaignDetails')} />
          <CampaignDetails campaign={campaign} />
        </>
      )}
    </CampaignLoader>
  );
}
