// The session's plain facts, kept free of zod so the sign-in screens load without a schema library.
// contract/auth.ts builds the request and response schemas on top of them.

export const ADMIN_ROLE = 'Administrador';
export const AFFILIATE_ROLE = 'Afiliado';
export const ROLES = [ADMIN_ROLE, AFFILIATE_ROLE] as const;
export type Role = (typeof ROLES)[number];

/** SPEC.md §3: the keys of the signed-in user state, in the spec's spelling. */
export const USER_STATE_KEYS = [
  'afiliado_id',
  'email',
  'id',
  'id_rede',
  'nome',
  'sobrenome',
  'avatar',
  'codigo_afiliado',
  'nivel_afiliado',
] as const;
export type UserState = Record<(typeof USER_STATE_KEYS)[number], string>;

/** Before sign-in every key is present and empty. */
export const EMPTY_USER_STATE: UserState = Object.fromEntries(USER_STATE_KEYS.map((key) => [key, ''])) as UserState;

export function isUserState(value: unknown): value is UserState {
  if (!value || typeof value !== 'object') return false;
  const keys = Object.keys(value);
  return (
    keys.length === USER_STATE_KEYS.length &&
    USER_STATE_KEYS.every((key) => typeof (value as Record<string, unknown>)[key] === 'string')
  );
}

export const PASSWORD_MIN_LENGTH = 8;
/** The rule shown while typing and enforced by the server: 8+ characters, a letter and a digit. */
export const PASSWORD_RULES = [
  { id: 'length', test: (p: string) => p.length >= PASSWORD_MIN_LENGTH },
  { id: 'letter', test: (p: string) => /\p{L}/u.test(p) },
  { id: 'digit', test: (p: string) => /\d/.test(p) },
] as const;

export const isStrongPassword = (password: string) => PASSWORD_RULES.every((rule) => rule.test(password));

/** A quick shape check for forms; the server's zod schema has the last word. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Why a sign-in or a request was refused, for the screens to explain. */
export const AUTH_REASONS = {
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  ACCOUNT_PENDING: 'ACCOUNT_PENDING',
  ACCOUNT_REJECTED: 'ACCOUNT_REJECTED',
  ACCOUNT_SUSPENDED: 'ACCOUNT_SUSPENDED',
  ACCOUNT_DEACTIVATED: 'ACCOUNT_DEACTIVATED',
  PASSWORD_NOT_SET: 'PASSWORD_NOT_SET',
  INVALID_TWO_FACTOR_CODE: 'INVALID_TWO_FACTOR_CODE',
  CHALLENGE_EXPIRED: 'CHALLENGE_EXPIRED',
  INVALID_RESET_TOKEN: 'INVALID_RESET_TOKEN',
  WRONG_PASSWORD: 'WRONG_PASSWORD',
  TOKEN_INVALID: 'TOKEN_INVALID',
  ADMIN_ONLY: 'ADMIN_ONLY',
  MAINTENANCE: 'MAINTENANCE',
  RATE_LIMITED: 'RATE_LIMITED',
} as const;
