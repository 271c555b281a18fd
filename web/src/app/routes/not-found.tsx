import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n';
import { paths } from '../paths';

/** The error page of /auth/404 and /404, where every unknown path lands. */
export default function NotFoundScreen() {
  const { t } = useTranslation();
  return (
    <Stack align="center" gap="md" py="xl" ta="center">
      <Text fz={96} fw={800} c="brand.7" lh={1} aria-hidden>
        404
      </Text>
      <Title order={1}>{t('screens.notFound')}</Title>
      <Text c="dimmed" maw={420}>
        {t('common.notFoundText')}
      </Text>
      <Button component={Link} to={paths.home} size="md">
        {t('common.backHome')}
      </Button>
    </Stack>
  );
}
