import type { LoginBody, LoginResponse, RegisterBody, Session, TwoStepsBody } from '@contract/auth';
import { api } from '../../../lib/api-client';
import { startSession } from '../../../lib/session';

// The requests of the signed-out screens: plain functions, no query cache on the sign-in path.

export async function login(body: LoginBody): Promise<LoginResponse> {
  const result = await api<LoginResponse>('/auth/login', { body });
  if ('token' in result) startSession(result.token, result.user);
  return result;
}

export async function completeTwoSteps(body: TwoStepsBody): Promise<Session> {
  const session = await api<Session>('/auth/two-steps', { body });
  startSession(session.token, session.user);
  return session;
}

export function register(body: RegisterBody) {
  return api<{ status: 'pending'; email: string }>('/auth/register', { body });
}

export function requestPasswordReset(email: string) {
  return api<void>('/auth/forgot-password', { body: { email } });
}

export function resetPassword(body: { token: string; password: string }) {
  return api<void>('/auth/reset-password', { body });
}
