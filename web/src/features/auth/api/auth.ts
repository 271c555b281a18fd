import type { LoginBody, LoginResponse, RegisterBody, Session, TwoFactorSetup, TwoStepsBody } from '@contract/auth';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { endSession, replaceToken, startSession } from '../../../lib/session';

export function useLogin() {
  return useMutation({
    mutationFn: (body: LoginBody) => api<LoginResponse>('/auth/login', { body }),
    onSuccess: (result) => {
      if ('token' in result) startSession(result.token, result.user);
    },
  });
}

export function useTwoSteps() {
  return useMutation({
    mutationFn: (body: TwoStepsBody) => api<Session>('/auth/two-steps', { body }),
    onSuccess: (session) => startSession(session.token, session.user),
  });
}

export function useRegister() {
  return useMutation({
    mutationFn: (body: RegisterBody) => api<{ status: 'pending'; email: string }>('/auth/register', { body }),
  });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: (email: string) => api<void>('/auth/forgot-password', { body: { email } }) });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: { token: string; password: string }) => api<void>('/auth/reset-password', { body }),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: { current_password: string; new_password: string }) =>
      api<{ token: string }>('/auth/change-password', { body }),
    onSuccess: ({ token }) => replaceToken(token),
  });
}

/** Sign-out always completes in the browser, even when the server cannot be reached. */
export async function logout() {
  await api<void>('/auth/logout', { method: 'POST' }).catch(() => undefined);
  endSession();
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
