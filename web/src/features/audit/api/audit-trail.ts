import type { AuditEntry } from '@contract/audit';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const auditTrailQuery = (entity: string, entityId: number | string) =>
  queryOptions({
    queryKey: ['audit', entity, String(entityId)],
    // A history shown from cache would hide the change just made: always ask again on show.
    staleTime: 0,
    queryFn: async () =>
      (await api<{ items: AuditEntry[] }>(`/audit?entity=${entity}&entity_id=${entityId}&limit=10`)).items,
  });

export function useAuditTrail(entity: string, entityId: number | string) {
  return useQuery(auditTrailQuery(entity, entityId));
}
