import { Button, Card, Group, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconUserOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { FormAlert } from '../../../components/form-alert';
import { PageHeader } from '../../../components/page-header';
import { useAffiliateDetails, useDeactivateAffiliate } from '../../../features/affiliates/api/affiliate-settings';
import { useTranslation } from '../../../i18n';
import { errorMessage } from '../../../lib/form';
import { paths } from '../../paths';

export default function AffiliateDeleteScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const affiliate = useAffiliateDetails(id);
  const deactivate = useDeactivateAffiliate(id);
  const [error, setError] = useState<string | null>(null);
  if (affiliate.isPending) return <Skeleton h={240} />;
  if (!affiliate.data) return <FormAlert message={errorMessage(affiliate.error, t)} />;
  const name = `${affiliate.data.first_name} ${affiliate.data.last_name}`;
  return (
    <>
      <PageHeader title={t('screens.adminAffiliateDelete')} />
      <Card withBorder padding="xl" maw={560}>
        <Stack gap="md">
          <ThemeIcon size={52} radius="xl" color="red" variant="light" aria-hidden>
            <IconUserOff size={28} />
          </ThemeIcon>
          <Title order={2} fz="lg">
            {t('users.deactivateTitle', { name })}
          </Title>
          <Text size="sm">{t('users.deactivateText')}</Text>
          <FormAlert message={error} />
          <FormAlert message={affiliate.data.active ? null : t('users.alreadyDeactivated')} />
          <Group>
            <Button
              color="red"
              disabled={!affiliate.data.active}
              loading={deactivate.isPending}
              onClick={async () => {
                setError(null);
                try {
                  await deactivate.mutateAsync();
                  navigate(paths.adminUsers, { state: { deactivated: name } });
                } catch (e) {
                  setError(errorMessage(e, t));
                }
              }}
            >
              {t('users.deactivate')}
            </Button>
            <Button variant="subtle" onClick={() => navigate(-1)}>
              {t('twoFactor.cancel')}
            </Button>
          </Group>
        </Stack>
      </Card>
    </>
  );
}
