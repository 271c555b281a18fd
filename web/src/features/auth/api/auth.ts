import type { TwoFactorSetup } from '@contract/auth';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { endSession, getToken, replaceToken, whileTokenChanges } from '../../../lib/session';

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: { current_password: string; new_password: string }) =>
      whileTokenChanges(
        api<{ token: string }>('/auth/change-password', { body, changesToken: true }).then(({ token }) =>
          replaceToken(token),
        ),
      ),
  });
}

/**
 * Sign-out completes in the browser first (token, user state, cached answers, notifications), so a
 * server that is down or slow cannot hold it up; then the server is asked to revoke the token, with
 * that token, in a request that outlives the page.
 */
export function logout() {
  const token = getToken();
  endSession();
  if (token) void api<void>('/auth/logout', { method: 'POST', token }).catch(() => undefined);
}

export const twoFactorStatusQuery = () =>
  queryOptions({ queryKey: ['me', 'two-factor'], queryFn: () => api<{ enabled: boolean }>('/me/two-factor') });

export function useTwoFactorStatus() {
  return useQuery(twoFactorStatusQuery());
}

export function useTwoFactorSetup() {
  return useMutation({ mutationFn: () => api<TwoFactorSetup>('/me/two-factor', { method: 'POST' }) });
}

export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api<{ recovery_codes: string[] }>('/me/two-factor/enable', { body: { code } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorStatusQuery().queryKey }),
  });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => api<void>('/me/two-factor/disable', { body: { password } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorStatusQuery().queryKey }),
  });
}
