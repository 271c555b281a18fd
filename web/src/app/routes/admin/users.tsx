import { Button } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { FormAlert } from '../../../components/form-alert';
import { PageHeader } from '../../../components/page-header';
import { UsersTable } from '../../../features/users/components/users-table';
import { useTranslation } from '../../../i18n';
import { paths } from '../../paths';

export default function UsersScreen() {
  const { t } = useTranslation();
  const state = useLocation().state as { invited?: string; deactivated?: string } | null;
  return (
    <>
      <PageHeader
        title={t('screens.adminUsers')}
        description={t('users.description')}
        actions={
          <Button component={Link} to={paths.adminUserCreate} leftSection={<IconUserPlus size={16} />}>
            {t('users.registerShort')}
          </Button>
        }
      />
      <FormAlert
        message={state?.invited ? t('users.invited', { email: state.invited }) : null}
        tone="success"
        mb="md"
      />
      <FormAlert
        message={state?.deactivated ? t('users.deactivatedDone', { name: state.deactivated }) : null}
        tone="success"
        mb="md"
      />
      <UsersTable />
    </>
  );
}
