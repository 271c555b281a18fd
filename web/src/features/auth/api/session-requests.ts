import type { LoginBody, LoginResponse, RegisterBody, Session, TwoStepsBody } from '@contract/auth';
import { api } from '../../../lib/api-client';
import { startSession } from '../../../lib/session';
import { applyLanguage } from '../../../theme/settings';

// The requests of the signed-out screens: plain functions, no query cache on the sign-in path.

/**
 * Signed in: the account's language becomes the interface's before the first signed-in screen, the
 * one its toasts and emails are written in. Whatever the sign-in page showed was this browser's.
 */
async function begin(session: Session) {
  startSession(session.token, session.user);
  await applyLanguage(session.language);
}

export async function login(body: LoginBody): Promise<LoginResponse> {
  const result = await api<LoginResponse>('/auth/login', { body });
  if ('token' in result) await begin(result);
  return result;
}

export async function completeTwoSteps(body: TwoStepsBody): Promise<Session> {
  const session = await api<Session>('/auth/two-steps', { body });
  await begin(session);
  return session;
}

export function register(body: RegisterBody) {
  return api<{ status: 'pending'; email: string }>('/auth/register', { body });
}

export function requestPasswordReset(email: string) {
  return api<void>('/auth/forgot-password', { body: { email } });
}

/** Whether a reset link still works; refused with INVALID_RESET_TOKEN when it does not. */
export function checkResetToken(token: string) {
  return api<void>('/auth/reset-password/check', { body: { token } });
}

export function resetPassword(body: { token: string; password: string }) {
  return api<void>('/auth/reset-password', { body });
}
