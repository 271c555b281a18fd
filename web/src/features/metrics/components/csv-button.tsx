import { type CsvCell, csvText } from '@contract/csv';
import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from '../../../i18n';
import { saveBlob } from '../../../lib/download';

/**
 * The table on screen as a CSV file for a spreadsheet in Brazil (the shared writer of contract/csv:
 * `;`, decimal comma, BOM, formula cells neutralised), named after what it shows. The header comes
 * translated; money cells come through `csvMoney`, days through `csvDay`.
 */
export function CsvButton({ name, header, rows }: { name: string; header: string[]; rows: CsvCell[][] }) {
  const { t } = useTranslation();
  const download = () => {
    saveBlob(new Blob([csvText(header, rows)], { type: 'text/csv;charset=utf-8' }), `${name}.csv`);
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
