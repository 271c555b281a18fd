import type { Page } from '@contract/common';
import type { Coupon, CouponListQuery } from '@contract/coupons';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryString } from '../../../lib/query-string';

export const COUPONS_KEY = ['coupons'] as const;

/** Coupons: an admin's filtered list, or the signed-in affiliate's own (the server decides). */
export const couponsQuery = (query: CouponListQuery) =>
  queryOptions({
    queryKey: [...COUPONS_KEY, 'list', query],
    queryFn: () => api<Page<Coupon>>(`/coupons?${queryString(query)}`),
    placeholderData: keepPreviousData,
  });

export function useCoupons(query: CouponListQuery) {
  return useQuery(couponsQuery(query));
}
