import 'mantine-datatable/styles.css';
import { csvMoney, csvText, parseCsv } from '@contract/csv';
import type { SaleImportResult } from '@contract/sales';
import { Badge, Button, Card, Checkbox, FileButton, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconFileImport, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import { FormAlert } from '../../../components/form-alert';
import { useTranslation } from '../../../i18n';
import { saveBlob } from '../../../lib/download';
import { errorMessage } from '../../../lib/form';
import { importSalesChunk } from '../api/sales';

type Row = { line: number; values: Record<string, string> };
type Result = SaleImportResult['results'][number];

const REQUIRED = ['campaign_id', 'external_id'];
/** Needed by a sale; a file of chargebacks only names the orders (campaign and order id). */
const REQUIRED_FOR_SALES = ['amount', 'payment_method'];
const isChargeback = (row: Row) => row.values.status?.trim().toLowerCase() === 'chargeback';
/** Rows per request: small enough for a live progress bar, large enough to be quick. */
const CHUNK = 100;
const OUTCOME_COLOR: Record<Result['outcome'], string> = {
  created: 'green',
  duplicate: 'gray',
  charged_back: 'grape',
  refused: 'red',
};

function rowsOf(text: string): { rows: Row[]; missing: string[] } {
  const [header = [], ...lines] = parseCsv(text);
  const columns = header.map((h) => h.trim().toLowerCase());
  // Line numbers as a spreadsheet shows them: the header is line 1 (blank lines are skipped by the parser).
  const rows = lines.map((cells, index) => ({
    line: index + 2,
    values: Object.fromEntries(columns.map((column, i) => [column, cells[i] ?? ''])),
  }));
  const required = rows.every(isChargeback) ? REQUIRED : [...REQUIRED, ...REQUIRED_FOR_SALES];
  const missing = required.filter((c) => !columns.includes(c));
  return { rows, missing };
}

/** A file to fill in, as a spreadsheet in Brazil opens it; its headers are the column names the import reads. */
function downloadTemplate() {
  const text = csvText(
    [
      'campaign_id',
      'external_id',
      'amount',
      'payment_method',
      'affiliate_code',
      'click_id',
      'coupon',
      'customer_email',
      'origin',
      'status',
      'subscription_id',
      'charge_number',
    ],
    // A one-off sale, a subscription's first charge and its renewal (credited through the first), and a
    // chargeback of the one-off order (the campaign and order id are all it needs).
    [
      [
        '1',
        'PEDIDO-1001',
        csvMoney(19_990),
        'pix',
        'ANA2024',
        '',
        '',
        'cliente@example.com',
        'site',
        'pending',
        '',
        '',
      ],
      ['1', 'PEDIDO-1002', csvMoney(4_990), 'credit_card', 'ANA2024', '', '', '', 'site', 'approved', 'ASSIN-77', '1'],
      ['1', 'PEDIDO-1003', csvMoney(4_990), 'credit_card', '', '', '', '', 'site', 'approved', 'ASSIN-77', '2'],
      ['1', 'PEDIDO-1001', '', '', '', '', '', '', '', 'chargeback', '', ''],
    ],
  );
  saveBlob(new Blob([text], { type: 'text/csv;charset=utf-8' }), 'modelo-vendas.csv');
}

/** A CSV of sales sent in chunks, with a progress bar and a report of every refused row and why. */
export function SalesImport() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<{ name: string; rows: Row[] } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState(0);
  const [running, setRunning] = useState(false);
  const [results, setResults] = useState<Result[]>([]);
  const [onlyRefused, setOnlyRefused] = useState(false);

  const choose = async (chosen: File | null) => {
    setProblem(null);
    setResults([]);
    setDone(0);
    setFile(null);
    if (!chosen) return;
    const { rows, missing } = rowsOf(await chosen.text());
    if (missing.length > 0) return setProblem(t('sales.import.missingColumns', { columns: missing.join(', ') }));
    if (rows.length === 0) return setProblem(t('sales.import.noRows'));
    setFile({ name: chosen.name, rows });
  };

  const start = async () => {
    if (!file) return;
    setRunning(true);
    setResults([]);
    setDone(0);
    setProblem(null);
    try {
      for (let i = 0; i < file.rows.length; i += CHUNK) {
        const chunk = file.rows.slice(i, i + CHUNK);
        const answer = await importSalesChunk(chunk);
        setResults((previous) => [...previous, ...answer.results]);
        setDone(i + chunk.length);
      }
    } catch (error) {
      // Rows already answered stay recorded; importing the file again skips them (same order ids).
      setProblem(errorMessage(error, t));
    } finally {
      setRunning(false);
      void queryClient.invalidateQueries({ queryKey: ['sales'] });
    }
  };

  const count = (outcome: Result['outcome']) => results.filter((r) => r.outcome === outcome).length;
  const total = file?.rows.length ?? 0;
  const shown = onlyRefused ? results.filter((r) => r.outcome === 'refused') : results;
  return (
    <Stack gap="lg">
      <Card withBorder padding="lg">
        <Stack gap="md">
          <Title order={2} fz="lg">
            {t('sales.import.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('sales.import.help')}
          </Text>
          <Text size="sm" c="dimmed">
            {t('sales.import.chargebackHelp')}
          </Text>
          <Group gap="sm">
            <FileButton onChange={(chosen) => void choose(chosen)} accept=".csv,text/csv">
              {(props) => (
                <Button {...props} variant="default" leftSection={<IconFileImport size={16} />} disabled={running}>
                  {t('sales.import.choose')}
                </Button>
              )}
            </FileButton>
            <Button variant="subtle" leftSection={<IconDownload size={16} />} onClick={downloadTemplate}>
              {t('sales.import.template')}
            </Button>
          </Group>
          <FormAlert message={problem} />
          {file && (
            <Stack gap="xs">
              <Text size="sm" fw={600}>
                {file.name}
              </Text>
              <Progress
                value={total ? (done / total) * 100 : 0}
                size="lg"
                animated={running}
                aria-label={t('sales.import.progress', { done, total })}
              />
              <Text size="sm" c="dimmed" aria-live="polite">
                {t('sales.import.progress', { done, total })}
              </Text>
              <Button
                leftSection={<IconUpload size={16} />}
                onClick={start}
                loading={running}
                style={{ alignSelf: 'flex-start' }}
                disabled={done === total && total > 0}
              >
                {t('sales.import.start', { count: total })}
              </Button>
            </Stack>
          )}
        </Stack>
      </Card>
      {results.length > 0 && (
        <Card withBorder padding="lg">
          <Group justify="space-between" mb="md" wrap="wrap">
            <Stack gap={2}>
              <Title order={2} fz="lg">
                {t('sales.import.report')}
              </Title>
              <Text size="sm" data-testid="import-summary">
                {/* Chargebacks named only when the file reported some: most files are sales alone. */}
                {t(count('charged_back') > 0 ? 'sales.import.summaryWithChargebacks' : 'sales.import.summary', {
                  created: count('created'),
                  duplicate: count('duplicate'),
                  chargedBack: count('charged_back'),
                  refused: count('refused'),
                })}
              </Text>
            </Stack>
            <Checkbox
              label={t('sales.import.onlyRefused')}
              checked={onlyRefused}
              onChange={(e) => setOnlyRefused(e.currentTarget.checked)}
            />
          </Group>
          <DataTable<Result>
            idAccessor="line"
            records={shown}
            maxHeight={420}
            verticalSpacing="xs"
            columns={[
              { accessor: 'line', title: t('sales.import.line'), width: 80 },
              {
                accessor: 'outcome',
                title: t('sales.import.outcome'),
                render: (r) => (
                  <Badge variant="light" color={OUTCOME_COLOR[r.outcome]}>
                    {t(`sales.import.${r.outcome}`)}
                    {r.sale_id ? ` #${r.sale_id}` : ''}
                  </Badge>
                ),
              },
              {
                accessor: 'errors',
                title: t('sales.import.reason'),
                render: (r) => r.errors.map((e) => `${e.field}: ${e.message}`).join('; ') || '—',
              },
            ]}
          />
        </Card>
      )}
    </Stack>
  );
}
