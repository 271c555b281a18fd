import type { PayoutReceipt } from '@contract/payouts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';

/** The affiliate's receipts (RPA) of a year, oldest first as the API gives them. */
export function useReceipts(year: number) {
  return useQuery({
    queryKey: ['receipts', year],
    queryFn: async () => (await api<{ items: PayoutReceipt[] }>(`/receipts?year=${year}`)).items,
    placeholderData: keepPreviousData,
  });
}

export const downloadReceipt = (id: number) => downloadFile(`/receipts/${id}/pdf`, `rpa-${id}.pdf`);

export const downloadYearlyStatement = (year: number, format: 'pdf' | 'csv') =>
  downloadFile(`/receipts/yearly?year=${year}&format=${format}`, `informe-${year}.${format}`);
