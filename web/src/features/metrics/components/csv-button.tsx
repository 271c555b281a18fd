import { csvLine } from '@contract/csv';
import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from '../../../i18n';
import { saveBlob } from '../../../lib/download';

/** The table on screen as a CSV file (formula cells neutralised), named after what it shows. */
export function CsvButton({
  name,
  header,
  rows,
}: {
  name: string;
  header: string[];
  rows: (string | number | null)[][];
}) {
  const { t } = useTranslation();
  const download = () => {
    const text = `\uFEFF${csvLine(header)}${rows.map((r) => csvLine(r)).join('')}`;
    saveBlob(new Blob([text], { type: 'text/csv;charset=utf-8' }), `${name}.csv`);
  };
  return (
    <Button
      size="xs"
      variant="default"
      leftSection={<IconDownload size={14} />}
      onClick={download}
      disabled={rows.length === 0}
    >
      {t('sales.exportCsv')}
    </Button>
  );
}

/** Cents as a plain decimal for spreadsheets ("1234.56"). */
export const reais = (cents: number) => (cents / 100).toFixed(2);
