import { PageHeader } from '../../../components/page-header';
import { PendingAffiliates } from '../../../features/affiliates/components/pending-affiliates';
import { useTranslation } from '../../../i18n';

export default function ApproveAffiliatesScreen() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('screens.adminApproveAffiliates')} description={t('affiliates.pendingDescription')} />
      <PendingAffiliates />
    </>
  );
}
