import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { PendingAffiliates } from '../../../features/affiliates/components/pending-affiliates';

export default function ApproveAffiliatesScreen() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('screens.adminApproveAffiliates')} description={t('affiliates.pendingDescription')} />
      <PendingAffiliates />
    </>
  );
}
