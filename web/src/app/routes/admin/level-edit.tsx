import { SimpleGrid, Skeleton } from '@mantine/core';
import { useParams } from 'react-router';
import { FormAlert } from '../../../components/form-alert';
import { PageHeader } from '../../../components/page-header';
import { AuditTrail } from '../../../features/audit/components/audit-trail';
import { useLevel } from '../../../features/levels/api/levels';
import { LevelForm } from '../../../features/levels/components/level-form';
import { useTranslation } from '../../../i18n';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/form';

export default function LevelEditScreen() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const level = useLevel(id);
  const isMissing = level.error instanceof ApiError && (level.error.status === 404 || level.error.status === 400);
  return (
    <>
      <PageHeader
        title={level.data ? `${t('screens.adminLevelEdit')}: ${level.data.name}` : t('screens.adminLevelEdit')}
      />
      {level.isPending ? (
        <Skeleton h={320} maw={720} />
      ) : level.data ? (
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
          <LevelForm level={level.data} />
          <AuditTrail entity="level" entityId={level.data.id} />
        </SimpleGrid>
      ) : (
        <FormAlert message={isMissing ? t('levels.notFound') : errorMessage(level.error, t)} />
      )}
    </>
  );
}
