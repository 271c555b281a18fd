import type { BonusAward } from '@contract/bonuses';
import { Card, Text, Title } from '@mantine/core';
import { IconCoin } from '@tabler/icons-react';
import { useState } from 'react';
import { ResponsiveDataTable } from '../../../components/responsive-data-table';
import { useTranslation } from '../../../i18n';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useBonusAwards } from '../api/bonuses';

const PAGE_SIZE = 10;

/** Every bonus paid, newest first: one-off and performance alike, each a line in a ledger. */
export function BonusAwardsTable() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const awards = useBonusAwards(page);
  return (
    <Card withBorder padding="lg">
      <Title order={2} fz="lg" mb={4}>
        {t('bonuses.awards')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('bonuses.awardsHelp')}
      </Text>
      <ResponsiveDataTable<BonusAward>
        inCard
        fetching={awards.isPending}
        records={awards.data?.items ?? []}
        noRecordsIcon={<IconCoin size={36} stroke={1.4} />}
        noRecordsText={t('bonuses.noAwards')}
        pagination={{ page, onPageChange: setPage, totalRecords: awards.data?.total ?? 0, recordsPerPage: PAGE_SIZE }}
        columns={[
          { accessor: 'affiliate_name', title: t('bonuses.affiliate'), isPrimary: true },
          {
            accessor: 'reason',
            title: t('bonuses.reason'),
            render: (a) => (a.bonus_id ? a.reason : t('bonuses.oneOffReason', { reason: a.reason })),
          },
          {
            accessor: 'amount_cents',
            title: t('bonuses.amount'),
            textAlign: 'right',
            render: (a) => formatMoney(a.amount_cents, i18n.language),
          },
          {
            accessor: 'created_at',
            title: t('bonuses.paidAt'),
            render: (a) => formatDateTime(a.created_at, i18n.language),
          },
        ]}
      />
    </Card>
  );
}
