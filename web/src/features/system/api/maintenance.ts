import type { Maintenance } from '@contract/auth';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const maintenanceQuery = () =>
  queryOptions({ queryKey: ['settings', 'maintenance'], queryFn: () => api<Maintenance>('/settings/maintenance') });

export function useMaintenance() {
  return useQuery(maintenanceQuery());
}

export function useSetMaintenance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Maintenance) => api<Maintenance>('/settings/maintenance', { method: 'PUT', body }),
    onSuccess: (data) => queryClient.setQueryData(maintenanceQuery().queryKey, data),
  });
}
