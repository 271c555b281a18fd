import type { Page } from '@contract/common';
import type { CreateUserBody, ManagedUser, UpdateUserBody, UserListQuery } from '@contract/users';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryString } from '../../../lib/query-string';

const USERS_KEY = ['users'] as const;

export const usersQuery = (query: UserListQuery) =>
  queryOptions({
    queryKey: [...USERS_KEY, 'list', query],
    queryFn: () => api<Page<ManagedUser>>(`/users?${queryString(query)}`),
    placeholderData: keepPreviousData,
  });

export const userQuery = (id: number) =>
  queryOptions({ queryKey: [...USERS_KEY, id], queryFn: () => api<ManagedUser>(`/users/${id}`) });

export function useUsers(query: UserListQuery) {
  return useQuery(usersQuery(query));
}

export function useUser(id: number) {
  return useQuery(userQuery(id));
}

function useUserMutation<V>(mutationFn: (variables: V) => Promise<ManagedUser>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }) });
}

export function useCreateUser() {
  return useUserMutation((body: CreateUserBody) => api<ManagedUser>('/users', { body }));
}

export function useUpdateUser(id: number) {
  return useUserMutation((body: UpdateUserBody) => api<ManagedUser>(`/users/${id}`, { method: 'PATCH', body }));
}
