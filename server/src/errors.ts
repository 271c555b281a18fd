import type { FieldError } from '@contract/problem';

/** What went wrong, in words the error plugin maps to an HTTP status. */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  VALIDATION: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNPROCESSABLE: 422,
  UPGRADE_REQUIRED: 426,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/**
 * An expected failure a service reports. `reason` is a stable machine-readable word the screens
 * can translate (for example ACCOUNT_PENDING); it defaults to the code.
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly code: ErrorCode;
  readonly reason: string;
  readonly errors: FieldError[] | undefined;
  readonly headers: Record<string, string> | undefined;
  /** Extension members of the problem (RFC 9457 §3.2), e.g. the rejection reason a screen shows. */
  readonly extensions: Record<string, string | number> | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    options: {
      reason?: string;
      errors?: FieldError[];
      headers?: Record<string, string>;
      extensions?: Record<string, string | number>;
    } = {},
  ) {
    super(message);
    this.code = code;
    this.reason = options.reason ?? code;
    this.errors = options.errors;
    this.headers = options.headers;
    this.extensions = options.extensions;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

/** A 400 that names the offending field, for rules zod cannot express alone. */
export function fieldError(field: string, message: string): AppError {
  return new AppError('VALIDATION', `${field}: ${message}`, { errors: [{ field, message }] });
}
