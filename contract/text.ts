import { z } from 'zod';

/**
 * How text reaches the database (decided once, for every route): any string or object key in a
 * request (body, query, params, headers) that carries a control character other than tab, line
 * feed and carriage return, or a lone UTF-16 surrogate, is refused with a 400 naming the field.
 * PostgreSQL cannot store U+0000 in text nor a lone surrogate in jsonb, and no person types either;
 * refusing them (rather than stripping) keeps what is stored equal to what was sent, which matters
 * for signed bodies such as the postback's.
 */

/** C0 controls except tab, LF and CR, and DEL. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point.
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
/** In a `u` regexp a well-formed pair is one code point, so only a lone half matches. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/** Deeper than any request of the contract; deeper input is refused before it is walked. */
export const MAX_INPUT_DEPTH = 32;

export const UNSAFE_TEXT_MESSAGES = {
  control: 'must not contain control characters',
  surrogate: 'must be valid Unicode text (it has a lone surrogate)',
  depth: `must not be nested more than ${MAX_INPUT_DEPTH} levels deep`,
} as const;

/** Why a text may not be stored, or null when it may. */
export function unsafeTextMessage(text: string): string | null {
  if (CONTROL_CHARACTER.test(text)) return UNSAFE_TEXT_MESSAGES.control;
  if (LONE_SURROGATE.test(text)) return UNSAFE_TEXT_MESSAGES.surrogate;
  return null;
}

export type UnsafeInput = { path: (string | number)[]; message: string };

/**
 * Every unsafe string or key in a parsed request part, with its path. Walks without recursion, so
 * hostile nesting cannot overflow the stack; past MAX_INPUT_DEPTH it reports the depth instead.
 */
export function findUnsafeInput(input: unknown): UnsafeInput[] {
  const found: UnsafeInput[] = [];
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value: input, path: [] }];
  while (stack.length > 0 && found.length < 20) {
    const { value, path } = stack.pop() as { value: unknown; path: (string | number)[] };
    if (typeof value === 'string') {
      const message = unsafeTextMessage(value);
      if (message) found.push({ path, message });
      continue;
    }
    if (value === null || typeof value !== 'object' || value instanceof Uint8Array) continue;
    if (path.length >= MAX_INPUT_DEPTH) {
      found.push({ path, message: UNSAFE_TEXT_MESSAGES.depth });
      continue;
    }
    if (Array.isArray(value)) {
      value.forEach((item, index) => {
        stack.push({ value: item, path: [...path, index] });
      });
      continue;
    }
    for (const [key, item] of Object.entries(value)) {
      const message = unsafeTextMessage(key);
      if (message) found.push({ path: [...path, key], message: `name ${message}` });
      else stack.push({ value: item, path: [...path, key] });
    }
  }
  return found;
}

/** The rule as a schema: any part of a request passes it only when every string in it is safe. */
export const safeInputSchema = z.unknown().superRefine((input, context) => {
  for (const { path, message } of findUnsafeInput(input)) context.addIssue({ code: 'custom', path, message, input });
});
