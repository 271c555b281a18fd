import type { Account, UpdateAccountBody } from '@contract/account';
import type { UserState } from '@contract/auth';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, uploadFile } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';
import { writeUserState } from '../../../lib/session';

type AccountUpdated = { user: UserState; account: Account };

export const accountQuery = () =>
  queryOptions({ queryKey: ['me', 'account'], queryFn: () => api<Account>('/me/account') });

export function useAccount() {
  return useQuery(accountQuery());
}

/** After a change the user state is rewritten, so the header shows the new name and photo at once. */
function useAccountMutation<V>(mutationFn: (variables: V) => Promise<AccountUpdated>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: ({ user, account }) => {
      writeUserState(user);
      queryClient.setQueryData(accountQuery().queryKey, account);
    },
  });
}

export function useUpdateAccount() {
  return useAccountMutation((body: UpdateAccountBody) => api<AccountUpdated>('/me', { method: 'PATCH', body }));
}

export function useUploadAvatar() {
  return useAccountMutation((file: File) => uploadFile<AccountUpdated>('/me/avatar', file));
}

/** Saves the LGPD export as a file, the name chosen by the server. */
export const downloadMyData = () => downloadFile('/me/export', 'afiliados.json');
