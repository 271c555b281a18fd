import type { FastifyRequest } from 'fastify';

/**
 * Nothing secret reaches the log, whoever logs what (decided at the logger, not route by route):
 * values under secret-sounding names, and anything shaped like a password hash, a session token,
 * an API key, a signing secret or its sealed form, a SHA-256 digest or a reset link's token are
 * replaced, in messages, errors (a failed query's bound parameters included) and fields alike.
 */
export const REDACTED = '[redacted]';

const SECRET_FIELD = /pass(word)?|secret|token|hash|authorization|cookie|api[-_]?key|signature|^key$|sealed|recovery/i;

const SECRET_TEXT: [RegExp, string][] = [
  // Drizzle's "Failed query: …\nparams: …" and node-postgres/PGlite errors carrying the values.
  [/(\bparams:)[\s\S]*$/, `$1 ${REDACTED}`],
  // A unique violation's detail repeats the value: Key (key_hash)=(…) already exists.
  [/(\bKey \([^)]*\)=\()[^)]*(\))/g, `$1${REDACTED}$2`],
  [/\$argon2(?:id|i|d)\$[^\s,"'`)\]}]+/g, REDACTED],
  [/\beyJ[\w-]+\.[\w-]+\.[\w-]*/g, REDACTED],
  [/\bafk_[\w-]+/g, REDACTED],
  [/\bwhsec_[\w+/=-]+/g, REDACTED],
  [/\b[\w-]{16}\.[\w-]{22}\.[\w-]{8,}/g, REDACTED],
  [/\b[0-9a-f]{64}\b/gi, REDACTED],
  [/(resetar-senha\/)[^/?#\s]+/g, `$1${REDACTED}`],
];

export function redactText(text: string): string {
  let safe = text;
  for (const [pattern, replacement] of SECRET_TEXT) safe = safe.replace(pattern, replacement);
  return safe;
}

const MAX_DEPTH = 8;

/** An error as the log shows it: its type, message, stack, cause and own fields (a query, a code…). */
function plainError(error: Error): Record<string, unknown> {
  return {
    type: error.constructor?.name ?? 'Error',
    message: error.message,
    stack: error.stack,
    ...Object.fromEntries(Object.entries(error)),
    ...(error.cause !== undefined ? { cause: error.cause } : {}),
  };
}

/** A copy of a log value with every secret replaced; errors become plain objects first. */
export function redactValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '[too deep]';
  if (value instanceof Error) return redactValue(plainError(value), depth);
  if (Array.isArray(value)) return value.map((item) => redactValue(item, depth + 1));
  if (Buffer.isBuffer(value)) return `[${value.length} bytes]`;
  // A request or reply: its own serializer (below) picks what is logged of it.
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    // The bound values of a failed query: never useful enough to risk a hash or a secret.
    if (key === 'params' || key === 'parameters') copy[key] = REDACTED;
    else if (SECRET_FIELD.test(key) && item !== null && typeof item !== 'object' && typeof item !== 'boolean') {
      copy[key] = REDACTED;
    } else copy[key] = redactValue(item, depth + 1);
  }
  return copy;
}

type SerializedError = { [key: string]: unknown; type: string; message: string; stack: string };
const redactError = (error: Error) => redactValue(error) as SerializedError;

type LogMethod = (this: unknown, ...args: unknown[]) => void;

/** The pino options that put every line through the redaction. */
export const redactingLoggerOptions = {
  serializers: {
    err: redactError,
    error: redactError,
    req: (request: FastifyRequest) => ({
      method: request.method,
      url: redactText(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    }),
  },
  formatters: {
    log: (object: Record<string, unknown>) => redactValue(object) as Record<string, unknown>,
  },
  hooks: {
    logMethod(this: unknown, args: unknown[], method: LogMethod) {
      method.apply(
        this,
        args.map((arg) => (typeof arg === 'string' ? redactText(arg) : arg)),
      );
    },
  },
};
