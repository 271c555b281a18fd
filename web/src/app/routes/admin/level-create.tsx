import { PageHeader } from '../../../components/page-header';
import { LevelForm } from '../../../features/levels/components/level-form';
import { useTranslation } from '../../../i18n';

export default function LevelCreateScreen() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('screens.adminLevelCreate')} description={t('levels.description')} />
      <LevelForm />
    </>
  );
}
