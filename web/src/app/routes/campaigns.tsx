import { ADMIN_ROLE } from '@contract/session';
import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { CampaignCards } from '../../features/campaigns/components/campaign-cards';
import { useTranslation } from '../../i18n';
import { currentClaims } from '../../lib/session';
import { paths } from '../paths';

export default function CampaignsScreen() {
  const { t } = useTranslation();
  const isAdmin = currentClaims()?.role === ADMIN_ROLE;
  return (
    <>
      <PageHeader
        title={t('screens.campaigns')}
        description={isAdmin ? t('campaigns.adminDescription') : t('campaigns.description')}
        actions={
          isAdmin && (
            <Button component={Link} to={paths.adminCampaignCreate} leftSection={<IconPlus size={16} />}>
              {t('campaigns.create')}
            </Button>
          )
        }
      />
      <CampaignCards />
    </>
  );
}
