import { ADMIN_ROLE } from '@contract/session';
import { Button, Skeleton, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { FormAlert } from '../../components/form-alert';
import { PageHeader } from '../../components/page-header';
import { useSale } from '../../features/sales/api/sales';
import { SaleDetails } from '../../features/sales/components/sale-details';
import { useTranslation } from '../../i18n';
import { ApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/form';
import { currentClaims } from '../../lib/session';
import { paths } from '../paths';

export default function SaleDetailsScreen() {
  const { t } = useTranslation();
  const sale = useSale(Number(useParams().id));
  const isAdmin = currentClaims()?.role === ADMIN_ROLE;
  const back = (
    <Button
      component={Link}
      to={isAdmin ? paths.adminSalesOverview : paths.sales}
      variant="default"
      leftSection={<IconArrowLeft size={16} />}
    >
      {t('sales.details.backToList')}
    </Button>
  );
  if (sale.isPending) {
    return (
      <Stack gap="lg">
        <Skeleton h={40} w={260} />
        <Skeleton h={220} />
        <Skeleton h={320} />
      </Stack>
    );
  }
  if (!sale.data) {
    const isMissing = sale.error instanceof ApiError && [400, 404].includes(sale.error.status);
    return (
      <>
        <PageHeader title={t('screens.saleDetails')} actions={back} />
        <FormAlert message={isMissing ? t('sales.details.notFound') : errorMessage(sale.error, t)} />
      </>
    );
  }
  return (
    <>
      <PageHeader
        title={t('sales.details.title', { id: sale.data.id })}
        description={t('screens.saleDetails')}
        actions={back}
      />
      <SaleDetails sale={sale.data} admin={isAdmin} />
    </>
  );
}
