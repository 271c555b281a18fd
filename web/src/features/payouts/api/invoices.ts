import type { RedemptionPage } from '@contract/ledger';
import type { InvoiceLine, PayoutInvoice } from '@contract/payouts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, uploadFile } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';

const INVOICES_KEY = ['invoices'] as const;
const invoiceKey = (redemptionId: number) => [...INVOICES_KEY, redemptionId] as const;

/** The affiliate's redemptions still to be paid (requested or approved): the ones an NFS-e is sent for. */
export function useOpenRedemptions() {
  return useQuery({
    queryKey: [...INVOICES_KEY, 'open-redemptions'],
    queryFn: async () => (await api<RedemptionPage>('/redemptions?status=open&page_size=50')).items,
  });
}

/** The NFS-e sent for a redemption, or null when none was sent yet (the API's 404). */
export function useInvoice(redemptionId: number) {
  return useQuery({
    queryKey: invoiceKey(redemptionId),
    queryFn: async () => {
      try {
        return await api<PayoutInvoice>(`/redemptions/${redemptionId}/invoice`);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
}

/** The file's type as the API reads it: a PDF or an XML, whatever the browser guessed of the name. */
const invoiceType = (file: File) =>
  file.type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf') ? 'application/pdf' : 'application/xml';

export function useSendInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ redemptionId, file }: { redemptionId: number; file: File }) =>
      uploadFile<PayoutInvoice>(
        `/redemptions/${redemptionId}/invoice`,
        new File([file], file.name, { type: invoiceType(file) }),
      ),
    onSuccess: (invoice) => queryClient.setQueryData(invoiceKey(invoice.redemption_id), invoice),
  });
}

/** Admins: the invoices waiting for a check (PDFs), newest first. */
export function useInvoicesToCheck() {
  return useQuery({
    queryKey: [...INVOICES_KEY, 'review'],
    queryFn: async () => (await api<{ items: InvoiceLine[] }>('/invoices?status=review')).items,
  });
}

/** Admins: a PDF invoice accepted (its redemption may be batched) or refused with a note. */
export function useReviewInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ redemptionId, accept, note }: { redemptionId: number; accept: boolean; note?: string }) =>
      api<PayoutInvoice>(`/redemptions/${redemptionId}/invoice/review`, { body: { accept, note } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: INVOICES_KEY }),
  });
}

export const downloadInvoice = (line: InvoiceLine) =>
  downloadFile(`/redemptions/${line.redemption_id}/invoice/file`, `nfse-resgate-${line.redemption_id}.${line.format}`);
