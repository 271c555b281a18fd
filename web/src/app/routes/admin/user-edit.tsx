import { Button, Group, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { IconSettings, IconUserOff } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { FormAlert } from '../../../components/form-alert';
import { PageHeader } from '../../../components/page-header';
import { AuditTrail } from '../../../features/audit/components/audit-trail';
import { useUser } from '../../../features/users/api/users';
import { UserForm } from '../../../features/users/components/user-form';
import { useTranslation } from '../../../i18n';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/form';
import { pathTo } from '../../paths';

export default function UserEditScreen() {
  const { t } = useTranslation();
  const user = useUser(Number(useParams().id));
  if (user.isPending) return <Skeleton h={320} />;
  if (!user.data) {
    const isMissing = user.error instanceof ApiError && [400, 404].includes(user.error.status);
    return <FormAlert message={isMissing ? t('users.notFound') : errorMessage(user.error, t)} />;
  }
  const person = user.data;
  return (
    <>
      <PageHeader
        title={`${person.first_name} ${person.last_name}`}
        description={t('screens.adminUserEdit')}
        actions={
          person.affiliate_id && (
            <Group gap="xs">
              <Button
                component={Link}
                to={pathTo('adminAffiliateEdit', { id: person.affiliate_id })}
                variant="default"
                leftSection={<IconSettings size={16} />}
              >
                {t('users.affiliateSettings')}
              </Button>
              {person.active && (
                <Button
                  component={Link}
                  to={pathTo('adminAffiliateDelete', { id: person.affiliate_id })}
                  color="red"
                  variant="light"
                  leftSection={<IconUserOff size={16} />}
                >
                  {t('users.deactivate')}
                </Button>
              )}
            </Group>
          )
        }
      />
      <FormAlert message={person.active ? null : t('users.alreadyDeactivated')} tone="error" mb="md" />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <UserForm user={person} />
        <Stack>
          <AuditTrail entity="user" entityId={person.id} />
        </Stack>
      </SimpleGrid>
    </>
  );
}
