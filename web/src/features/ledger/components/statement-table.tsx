import type { LedgerEntry } from '@contract/ledger';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconDownload, IconListDetails } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { pathTo } from '../../../app/paths';
import { FormAlert } from '../../../components/form-alert';
import { ResponsiveDataTable } from '../../../components/responsive-data-table';
import { useTranslation } from '../../../i18n';
import { errorMessage } from '../../../lib/form';
import { formatDateTime, formatMoney, formatSignedMoney } from '../../../lib/format';
import { downloadStatement, useStatement } from '../api/ledger';

const PAGE_SIZE = 20;

/** Every ledger entry with its cause and the balance right after it. */
export function StatementTable() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const [problem, setProblem] = useState<string | null>(null);
  const statement = useStatement(page, PAGE_SIZE);
  const money = (cents: number) => formatMoney(cents, i18n.language);
  return (
    <Stack gap="sm">
      <Group justify="flex-end">
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          onClick={() => downloadStatement().catch((error) => setProblem(errorMessage(error, t)))}
        >
          {t('ledger.exportCsv')}
        </Button>
      </Group>
      <FormAlert message={problem ?? (statement.isError ? errorMessage(statement.error, t) : null)} />
      <ResponsiveDataTable<LedgerEntry>
        fetching={statement.isFetching}
        records={statement.data?.items ?? []}
        pagination={{
          page,
          onPageChange: setPage,
          totalRecords: statement.data?.total ?? 0,
          recordsPerPage: PAGE_SIZE,
        }}
        noRecordsIcon={<IconListDetails size={36} stroke={1.4} />}
        noRecordsText={t('ledger.emptyStatement')}
        columns={[
          {
            accessor: 'created_at',
            title: t('ledger.date'),
            isPrimary: true,
            render: (e) => formatDateTime(e.created_at, i18n.language),
          },
          {
            accessor: 'kind',
            title: t('ledger.movement'),
            render: (e) => (
              <Stack gap={0}>
                <Text size="sm">{t(`ledger.kinds.${e.kind}`)}</Text>
                {e.sale_id && (
                  <Anchor component={Link} to={pathTo('saleDetails', { id: e.sale_id })} size="xs">
                    {t('ledger.sale', { id: e.sale_id })}
                  </Anchor>
                )}
                {e.redemption_id && (
                  <Text size="xs" c="dimmed">
                    {t('ledger.redemption', { id: e.redemption_id })}
                  </Text>
                )}
              </Stack>
            ),
          },
          {
            accessor: 'amount_cents',
            title: t('ledger.amount'),
            textAlign: 'right',
            render: (e) => (
              // One line: Portuguese puts a space after the minus sign, where a narrow column would break.
              <Stack gap={0} align="flex-end">
                <Text
                  size="sm"
                  fw={600}
                  style={{ whiteSpace: 'nowrap' }}
                  c={e.amount_cents < 0 ? 'red.8' : 'var(--mantine-color-green-light-color)'}
                >
                  {formatSignedMoney(e.amount_cents, i18n.language)}
                </Text>
                {/* The gross left the balance; the person's receipt says what reached them. */}
                {e.net_paid_cents !== null && (
                  <Text size="xs" c="dimmed" ta="right">
                    {t('ledger.netPaid', { net: money(e.net_paid_cents), withheld: money(e.withheld_cents ?? 0) })}
                  </Text>
                )}
              </Stack>
            ),
          },
          {
            accessor: 'balance_cents',
            title: t('ledger.balanceAfter'),
            textAlign: 'right',
            render: (e) => money(e.balance_cents),
          },
        ]}
      />
    </Stack>
  );
}
