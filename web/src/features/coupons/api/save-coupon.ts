import type { Page } from '@contract/common';
import type { Coupon, CouponBody, CouponIssueBody, CouponIssueResult, CouponPatch } from '@contract/coupons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { COUPONS_KEY } from './get-coupons';

/** Create a coupon (no id) or change one; the lists refresh through their own key. */
export function useSaveCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: CouponBody | CouponPatch }) =>
      id === undefined ? api<Coupon>('/coupons', { body }) : api<Coupon>(`/coupons/${id}`, { method: 'PATCH', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: COUPONS_KEY }),
  });
}

/** One coupon per approved affiliate, from a pattern. */
export function useIssueCoupons() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CouponIssueBody) => api<CouponIssueResult>('/coupons/issue', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: COUPONS_KEY }),
  });
}

type AffiliateOption = { id: number; code: string; first_name: string; last_name: string };

/** Approved affiliates matching what the admin types, to own a coupon. */
export function useApprovedAffiliates(q: string) {
  return useQuery({
    queryKey: ['affiliates', 'search', q],
    queryFn: () =>
      api<Page<AffiliateOption>>(`/affiliates?status=approved&page_size=10&sort=name&q=${encodeURIComponent(q)}`),
    placeholderData: keepPreviousData,
  });
}
