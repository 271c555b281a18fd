import type { RedemptionPage } from '@contract/ledger';
import type { PayoutInvoice } from '@contract/payouts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, uploadFile } from '../../../lib/api-client';

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
