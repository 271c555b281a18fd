import { PageHeader } from '../../../components/page-header';
import { CampaignForm } from '../../../features/campaigns/components/campaign-form';
import { useTranslation } from '../../../i18n';

export default function CampaignCreateScreen() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('screens.adminCampaignCreate')} description={t('campaigns.createDescription')} />
      <CampaignForm />
    </>
  );
}
