import type { AppMessages } from './en-app';
import type { AuthMessages } from './en-auth';
import type { ProgrammeMessages } from './en-programme';
import type { ScreenMessages } from './en-screens';

/**
 * English, the default language (SPEC.md §9): what the signed-out screens need. The signed-in
 * area's texts are in en-app.ts, loaded with it. Every other language follows both shapes.
 */
export const en = {
  product: 'Afiliados',
  screens: {
    // The signed-out screens' titles; the signed-in screens' are in en-app.ts.
    logout: 'Sign out',
    programme: 'Affiliate programme',
    authLogin: 'Sign in',
    authRegister: 'Create account',
    authForgotPassword: 'Forgot password',
    authResetPassword: 'Reset password',
    authTwoSteps: 'Two-step verification',
    authMaintenance: 'Maintenance',
    authNotFound: 'Page not found',
    notFound: 'Page not found',
    unsubscribe: 'Unsubscribe',
  },
  auth: {
    email: 'Email',
    password: 'Password',
    firstName: 'First name',
    lastName: 'Last name',
    signIn: 'Sign in',
    loginSubtitle: 'Welcome back! Sign in to follow your links, sales and commissions.',
    noAccount: 'New to the programme?',
    createAccount: 'Create an account',
    forgotPassword: 'Forgot your password?',
    passwordStrength: 'Password strength',
    passwordRules: { length: 'At least 8 characters', letter: 'At least one letter', digit: 'At least one digit' },
    newPassword: 'New password',
    confirmPassword: 'Confirm the new password',
  },
  // The refusals a signed-out screen can meet; the signed-in area's are in en-app.ts.
  errors: {
    INVALID_CREDENTIALS: 'The email or password is incorrect.',
    ACCOUNT_PENDING: 'Your registration is waiting for an administrator to approve it. We will email you when it is.',
    ACCOUNT_REJECTED: 'Your registration was not approved.',
    ACCOUNT_SUSPENDED: 'Your account is suspended. Contact the programme.',
    ACCOUNT_DEACTIVATED: 'This account has been deactivated.',
    INVALID_TWO_FACTOR_CODE: 'The code is not valid. Try the current code from your app.',
    CHALLENGE_EXPIRED: 'The verification step expired. Sign in again.',
    INVALID_RESET_TOKEN: 'This link is invalid, expired or already used. Ask for a new one.',
    WRONG_PASSWORD: 'The password is incorrect.',
    EMAIL_TAKEN: 'An account with this email already exists.',
    RATE_LIMITED: 'Too many attempts. Wait a moment and try again.',
    MAINTENANCE: 'The portal is under maintenance.',
    NETWORK: 'Could not reach the server. Check your connection.',
    generic: 'Something went wrong. Please try again.',
  },
  validation: {
    required: 'Required',
    email: 'Enter a valid email address',
    password: 'Use at least 8 characters with a letter and a digit',
    passwordsDiffer: 'The passwords do not match',
    acceptTerms: 'You must accept the terms to join',
    code: 'Enter the 6-digit code or a recovery code',
    sixDigits: 'Enter the 6-digit code',
    reason: 'Say why, in at least 3 characters',
  },
  header: {
    language: 'Language',
    darkMode: 'Switch to dark mode',
    lightMode: 'Switch to light mode',
  },
  common: {
    close: 'Close',
    loading: 'Loading',
    backHome: 'Back to the home page',
    notFoundText: 'The page you are looking for does not exist or has moved.',
  },
};

export type PublicMessages = typeof en;
export type Messages = PublicMessages & AuthMessages & AppMessages & ScreenMessages & ProgrammeMessages;
