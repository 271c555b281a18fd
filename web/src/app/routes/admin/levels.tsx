import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { FormAlert } from '../../../components/form-alert';
import { PageHeader } from '../../../components/page-header';
import { LevelsTable } from '../../../features/levels/components/levels-table';
import { PromotionSettings } from '../../../features/levels/components/promotion-settings';
import { useTranslation } from '../../../i18n';
import { paths } from '../../paths';

export default function LevelsScreen() {
  const { t } = useTranslation();
  const saved = (useLocation().state as { saved?: string } | null)?.saved;
  return (
    <>
      <PageHeader
        title={t('screens.adminLevels')}
        description={t('levels.description')}
        actions={
          <Button component={Link} to={paths.adminLevelCreate} leftSection={<IconPlus size={16} />}>
            {t('levels.create')}
          </Button>
        }
      />
      <FormAlert message={saved ? t('levels.saved', { name: saved }) : null} tone="success" mb="md" />
      <PromotionSettings />
      <LevelsTable />
    </>
  );
}
