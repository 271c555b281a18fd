import { z } from 'zod';
import { answersBodySchema } from './programme';
import { isStrongPassword, PASSWORD_MIN_LENGTH, ROLES, USER_STATE_KEYS, type UserState } from './session';

export {
  ADMIN_ROLE,
  AFFILIATE_ROLE,
  AUTH_REASONS,
  EMPTY_USER_STATE,
  PASSWORD_MIN_LENGTH,
  PASSWORD_RULES,
  type Role,
  type UserState,
} from './session';

export const roleSchema = z.enum(ROLES);

export const passwordSchema = z
  .string()
  .max(128, 'must be at most 128 characters')
  .refine(isStrongPassword, {
    message: `must have at least ${PASSWORD_MIN_LENGTH} characters, a letter and a digit`,
  });

export const emailSchema = z
  .email('must be a valid email address')
  .max(254)
  .transform((e) => e.trim().toLowerCase());

const nameSchema = z.string().trim().min(1, 'is required').max(80);

export const languageSchema = z.enum(['en', 'pt', 'fr', 'ar', 'ch']);

/** The signed-in user state of SPEC.md §3: strings throughout, empty before sign-in. */
export const userStateSchema = z.strictObject(
  Object.fromEntries(USER_STATE_KEYS.map((key) => [key, z.string()])) as Record<keyof UserState, z.ZodString>,
);

/** The session token's payload (SPEC.md §3): `exp` in seconds and the role. */
export const tokenPayloadSchema = z.object({
  sub: z.string(),
  role: roleSchema,
  exp: z.number().int(),
  iat: z.number().int().optional(),
  ver: z.number().int(),
  /** The session's own id, so signing out ends this session and no other. */
  jti: z.uuid(),
});
export type TokenPayload = z.infer<typeof tokenPayloadSchema>;

export const registerBodySchema = z.object({
  first_name: nameSchema,
  last_name: nameSchema,
  email: emailSchema,
  password: passwordSchema,
  accept_terms: z.literal(true, { error: 'must be accepted' }),
  language: languageSchema.optional(),
  /** Answers to the programme's questions (contract/programme.ts), checked against them by the server. */
  answers: answersBodySchema.optional(),
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
  /** The account's language: the interface takes it at sign-in, so screens, toasts and emails agree. */
  language: languageSchema,
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

const resetTokenSchema = z.string().min(1, 'is required').max(200);

export const resetPasswordBodySchema = z.object({
  token: resetTokenSchema,
  password: passwordSchema,
});

/** Asks whether a reset link still works, without using it up (the page says so before the form). */
export const resetTokenBodySchema = z.object({ token: resetTokenSchema });

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
