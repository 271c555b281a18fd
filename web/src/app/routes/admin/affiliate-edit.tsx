import { SimpleGrid, Skeleton } from '@mantine/core';
import { useParams } from 'react-router';
import { FormAlert } from '../../../components/form-alert';
import { PageHeader } from '../../../components/page-header';
import { useAffiliateDetails } from '../../../features/affiliates/api/affiliate-settings';
import { AffiliateSettingsForm } from '../../../features/affiliates/components/affiliate-settings-form';
import { ApplicationAnswers } from '../../../features/affiliates/components/application-answers';
import { AuditTrail } from '../../../features/audit/components/audit-trail';
import { useLevels } from '../../../features/levels/api/levels';
import { useNetworks } from '../../../features/networks/api/networks';
import { useTranslation } from '../../../i18n';
import { errorMessage } from '../../../lib/form';

export default function AffiliateEditScreen() {
  const { t } = useTranslation();
  const affiliate = useAffiliateDetails(Number(useParams().id));
  const levels = useLevels();
  const networks = useNetworks();
  const isLoading = affiliate.isPending || levels.isPending || networks.isPending;
  return (
    <>
      <PageHeader title={t('screens.adminAffiliateEdit')} />
      {isLoading ? (
        <Skeleton h={320} />
      ) : affiliate.data ? (
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
          <AffiliateSettingsForm
            affiliate={affiliate.data}
            levels={(levels.data ?? []).map((l) => ({ value: String(l.id), label: l.name }))}
            networks={(networks.data ?? []).map((n) => ({ value: String(n.id), label: n.name }))}
          />
          <ApplicationAnswers answers={affiliate.data.answers} />
          <AuditTrail entity="affiliate" entityId={affiliate.data.id} />
        </SimpleGrid>
      ) : (
        <FormAlert message={errorMessage(affiliate.error, t)} />
      )}
    </>
  );
}
