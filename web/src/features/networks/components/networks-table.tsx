import type { Network } from '@contract/networks';
import { Anchor, Text } from '@mantine/core';
import { IconAffiliate } from '@tabler/icons-react';
import { Link } from 'react-router';
import { pathTo } from '../../../app/paths';
import { FormAlert } from '../../../components/form-alert';
import { ResponsiveDataTable } from '../../../components/responsive-data-table';
import { useTranslation } from '../../../i18n';
import { errorMessage } from '../../../lib/form';
import { formatDate, formatMoney } from '../../../lib/format';
import { useNetworks } from '../api/networks';

/** /admin/rede-afiliados: every network with its size. */
export function NetworksTable() {
  const { t, i18n } = useTranslation();
  const networks = useNetworks();
  return (
    <>
      <FormAlert message={networks.isError ? errorMessage(networks.error, t) : null} mb="md" />
      <ResponsiveDataTable<Network>
        minHeight={220}
        fetching={networks.isPending}
        records={networks.data ?? []}
        noRecordsIcon={<IconAffiliate size={36} stroke={1.4} />}
        noRecordsText={t('networks.empty')}
        highlightOnHover
        columns={[
          {
            accessor: 'name',
            title: t('networks.name'),
            isPrimary: true,
            render: (network) => (
              <Anchor component={Link} to={pathTo('adminNetworkDetails', { id: network.id })} fw={600} size="sm">
                {network.name}
              </Anchor>
            ),
          },
          {
            accessor: 'description',
            title: t('networks.descriptionLabel'),
            render: (network) => (
              <Text size="sm" c="dimmed" lineClamp={1}>
                {network.description ?? '—'}
              </Text>
            ),
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
            isHiddenInCard: true,
          },
          { accessor: 'member_count', title: t('networks.members'), textAlign: 'right' },
          {
            accessor: 'sales_count',
            title: t('networks.salesCount'),
            textAlign: 'right',
            // The count opens exactly what it counts: the network's sales screen.
            render: (n) => (
              <Anchor
                component={Link}
                to={pathTo('adminNetworkSales', { id: n.id })}
                size="sm"
                aria-label={t('networks.salesCountLink', { count: n.sales_count, name: n.name })}
              >
                {n.sales_count}
              </Anchor>
            ),
          },
          {
            accessor: 'approved_sales_cents',
            title: t('networks.approvedSales'),
            textAlign: 'right',
            render: (n) => formatMoney(n.approved_sales_cents, i18n.language),
          },
          {
            accessor: 'commission_cents',
            title: t('networks.commission'),
            textAlign: 'right',
            render: (n) => formatMoney(n.commission_cents, i18n.language),
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
          },
          {
            accessor: 'created_at',
            title: t('networks.createdAt'),
            render: (network) => formatDate(network.created_at, i18n.language),
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
          },
        ]}
      />
      <Text size="xs" c="dimmed" mt="sm">
        {t('networks.countsNote')}
      </Text>
    </>
  );
}
