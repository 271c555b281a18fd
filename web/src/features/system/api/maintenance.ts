import type { Maintenance } from '@contract/auth';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The public status; a plain request, for the maintenance screen outside the signed-in area. */
export function getMaintenance() {
  return api<Maintenance>('/settings/maintenance');
}

export const maintenanceQuery = () => queryOptions({ queryKey: ['settings', 'maintenance'], queryFn: getMaintenance });

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
