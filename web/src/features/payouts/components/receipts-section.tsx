import type { PayoutReceipt } from '@contract/payouts';
import { Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconFileInvoice } from '@tabler/icons-react';
import { useState } from 'react';
import { FormAlert } from '../../../components/form-alert';
import { ResponsiveDataTable } from '../../../components/responsive-data-table';
import { useTranslation } from '../../../i18n';
import { errorMessage } from '../../../lib/form';
import { formatDate, formatMoney } from '../../../lib/format';
import { downloadReceipt, downloadYearlyStatement, useReceipts } from '../api/get-receipts';

/** The years a statement can be asked for: this one and the five before it. */
const YEARS_BACK = 5;
const withheldOf = (r: PayoutReceipt) => r.inss_cents + r.irrf_cents + r.iss_cents;

/** The affiliate's receipts (RPA) of a year, each as a PDF, and the year's statement as PDF or CSV. */
export function ReceiptsSection() {
  const { t, i18n } = useTranslation();
  const money = (cents: number) => formatMoney(cents, i18n.language);
  const thisYear = new Date().getFullYear();
  const [year, setYear] = useState(thisYear);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const receipts = useReceipts(year);

  /** Runs a download, the button spinning meanwhile and a failure said above the list. */
  const download = (key: string, run: () => Promise<void>) => {
    setProblem(null);
    setBusy(key);
    run()
      .catch((error) => setProblem(errorMessage(error, t)))
      .finally(() => setBusy(null));
  };

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="receipts-title">
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg" id="receipts-title">
            {t('receipts.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('receipts.description')}
          </Text>
        </div>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            label={t('receipts.year')}
            allowDeselect={false}
            data={Array.from({ length: YEARS_BACK + 1 }, (_, i) => String(thisYear - i))}
            value={String(year)}
            onChange={(value) => value && setYear(Number(value))}
            w={110}
          />
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            loading={busy === 'pdf'}
            onClick={() => download('pdf', () => downloadYearlyStatement(year, 'pdf'))}
          >
            {t('receipts.yearlyPdf')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            loading={busy === 'csv'}
            onClick={() => download('csv', () => downloadYearlyStatement(year, 'csv'))}
          >
            {t('receipts.yearlyCsv')}
          </Button>
        </Group>
        <FormAlert message={problem ?? (receipts.isError ? errorMessage(receipts.error, t) : null)} />
        <ResponsiveDataTable<PayoutReceipt>
          fetching={receipts.isFetching}
          records={receipts.data ?? []}
          noRecordsIcon={<IconFileInvoice size={36} stroke={1.4} />}
          noRecordsText={t('receipts.empty', { year })}
          minHeight={160}
          columns={[
            {
              accessor: 'paid_at',
              title: t('receipts.paidAt'),
              isPrimary: true,
              render: (r) => formatDate(r.paid_at, i18n.language),
            },
            {
              accessor: 'redemption_id',
              title: t('receipts.redemption'),
              render: (r) => t('receipts.redemptionNumber', { id: r.redemption_id }),
            },
            {
              accessor: 'gross_cents',
              title: t('receipts.gross'),
              textAlign: 'right',
              render: (r) => money(r.gross_cents),
            },
            {
              accessor: 'withheld',
              title: t('receipts.withheld'),
              textAlign: 'right',
              render: (r) => money(withheldOf(r)),
            },
            {
              accessor: 'net_cents',
              title: t('receipts.net'),
              textAlign: 'right',
              render: (r) => (
                <Text span size="sm" fw={600}>
                  {money(r.net_cents)}
                </Text>
              ),
            },
            {
              accessor: 'actions',
              title: '',
              isActions: true,
              textAlign: 'right',
              render: (r) => (
                <Button
                  size="compact-sm"
                  variant="light"
                  leftSection={<IconDownload size={14} />}
                  loading={busy === `rpa-${r.id}`}
                  aria-label={t('receipts.downloadOne', { id: r.redemption_id })}
                  onClick={() => download(`rpa-${r.id}`, () => downloadReceipt(r.id))}
                >
                  {t('receipts.download')}
                </Button>
              ),
            },
          ]}
        />
      </Stack>
    </Card>
  );
}
