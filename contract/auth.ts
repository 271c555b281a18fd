import { z } from 'zod';

export const ADMIN_ROLE = 'Administrador';
export const AFFILIATE_ROLE = 'Afiliado';
export const roleSchema = z.enum([ADMIN_ROLE, AFFILIATE_ROLE]);
export type Role = z.infer<typeof roleSchema>;

export const PASSWORD_MIN_LENGTH = 8;
/** The rule shown while typing and enforced by the server: 8+ characters, a letter and a digit. */
export const PASSWORD_RULES = [
  { id: 'length', test: (p: string) => p.length >= PASSWORD_MIN_LENGTH },
  { id: 'letter', test: (p: string) => /\p{L}/u.test(p) },
  { id: 'digit', test: (p: string) => /\d/.test(p) },
] as const;

export const passwordSchema = z
  .string()
  .max(128, 'must be at most 128 characters')
  .refine((p) => PASSWORD_RULES.every((rule) => rule.test(p)), {
    message: `must have at least ${PASSWORD_MIN_LENGTH} characters, a letter and a digit`,
  });

export const emailSchema = z
  .email('must be a valid email address')
  .max(254)
  .transform((e) => e.trim().toLowerCase());

const nameSchema = z.string().trim().min(1, 'is required').max(80);

export const languageSchema = z.enum(['en', 'pt', 'fr', 'ar', 'ch']);

/**
 * The signed-in user state of SPEC.md §3, stored by the browser under one local-storage key.
 * Every value is a string: empty before sign-in, filled after it.
 */
export const userStateSchema = z.object({
  afiliado_id: z.string(),
  email: z.string(),
  id: z.string(),
  id_rede: z.string(),
  nome: z.string(),
  sobrenome: z.string(),
  avatar: z.string(),
  codigo_afiliado: z.string(),
  nivel_afiliado: z.string(),
});
export type UserState = z.infer<typeof userStateSchema>;

export const EMPTY_USER_STATE: UserState = {
  afiliado_id: '',
  email: '',
  id: '',
  id_rede: '',
  nome: '',
  sobrenome: '',
  avatar: '',
  codigo_afiliado: '',
  nivel_afiliado: '',
};

/** The session token's payload (SPEC.md §3): `exp` in seconds and the role. */
export const tokenPayloadSchema = z.object({
  sub: z.string(),
  role: roleSchema,
  exp: z.number().int(),
  iat: z.number().int().optional(),
  ver: z.number().int(),
});
export type TokenPayload = z.infer<typeof tokenPayloadSchema>;

export const registerBodySchema = z.object({
  first_name: nameSchema,
  last_name: nameSchema,
  email: emailSchema,
  password: passwordSchema,
  accept_terms: z.literal(true, { error: 'must be accepted' }),
  language: languageSchema.optional(),
});
export type RegisterBody = z.input<typeof registerBodySchema>;

export const registerResponseSchema = z.object({
  status: z.literal('pending'),
  email: z.string(),
});

export const loginBodySchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'is required').max(128),
});
export type LoginBody = z.input<typeof loginBodySchema>;

export const sessionSchema = z.object({
  token: z.string(),
  user: userStateSchema,
});
export type Session = z.infer<typeof sessionSchema>;

export const twoFactorRequiredSchema = z.object({
  two_factor_required: z.literal(true),
  challenge: z.string(),
});

export const loginResponseSchema = z.union([sessionSchema, twoFactorRequiredSchema]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const twoStepsBodySchema = z.object({
  challenge: z.string().min(1),
  /** A 6-digit code from the authenticator app, or one of the recovery codes. */
  code: z.string().trim().min(6, 'must be the 6-digit code or a recovery code').max(32),
});
export type TwoStepsBody = z.input<typeof twoStepsBodySchema>;

export const forgotPasswordBodySchema = z.object({ email: emailSchema });

export const resetPasswordBodySchema = z.object({
  token: z.string().min(1, 'is required').max(200),
  password: passwordSchema,
});

export const changePasswordBodySchema = z.object({
  current_password: z.string().min(1, 'is required').max(128),
  new_password: passwordSchema,
});
export const changePasswordResponseSchema = z.object({ token: z.string() });

export const twoFactorStatusSchema = z.object({ enabled: z.boolean() });

export const twoFactorSetupSchema = z.object({
  secret: z.string(),
  otpauth_url: z.string(),
  qr_svg: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

export const twoFactorEnableBodySchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'must be the 6-digit code'),
});
export const twoFactorEnableResponseSchema = z.object({ recovery_codes: z.array(z.string()) });

export const twoFactorDisableBodySchema = z.object({
  password: z.string().min(1, 'is required').max(128),
});

export const maintenanceSchema = z.object({
  enabled: z.boolean(),
  message: z.string().max(500).optional(),
});
export type Maintenance = z.infer<typeof maintenanceSchema>;

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
