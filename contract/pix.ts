import { z } from 'zod';

/** The five kinds of PIX key the Central Bank defines. */
export const PIX_KEY_TYPES = ['cpf', 'cnpj', 'email', 'phone', 'random'] as const;
export type PixKeyType = (typeof PIX_KEY_TYPES)[number];

const digitsOf = (value: string) => value.replace(/\D/g, '');

/** CPF check digits (mod 11), rejecting the all-equal numbers that pass the arithmetic. */
export function isValidCpf(value: string): boolean {
  const d = digitsOf(value);
  if (d.length !== 11 || /^(\d)\1{10}$/.test(d)) return false;
  const check = (len: number) => {
    const sum = [...d.slice(0, len)].reduce((acc, digit, i) => acc + Number(digit) * (len + 1 - i), 0);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  return check(9) === Number(d[9]) && check(10) === Number(d[10]);
}

/** CNPJ check digits (mod 11 with weights 5..2, 9..2). */
export function isValidCnpj(value: string): boolean {
  const d = digitsOf(value);
  if (d.length !== 14 || /^(\d)\1{13}$/.test(d)) return false;
  const check = (len: number) => {
    const weights = len === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const sum = weights.reduce((acc, w, i) => acc + Number(d[i]) * w, 0);
    const rest = sum % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  return check(12) === Number(d[12]) && check(13) === Number(d[13]);
}

/**
 * A PIX key in its canonical form for its type: digits only for CPF and CNPJ, lower-case email,
 * +55 and digits for a Brazilian phone, lower-case UUID for a random key. Null when invalid.
 */
export function normalisePixKey(type: PixKeyType, raw: string): string | null {
  const value = raw.trim();
  switch (type) {
    case 'cpf':
      return isValidCpf(value) ? digitsOf(value) : null;
    case 'cnpj':
      return isValidCnpj(value) ? digitsOf(value) : null;
    case 'email': {
      const email = value.toLowerCase();
      return email.length <= 77 && z.email().safeParse(email).success ? email : null;
    }
    case 'phone': {
      let d = digitsOf(value);
      if (d.length === 13 && d.startsWith('55')) d = d.slice(2);
      else if (d.length === 12 && d.startsWith('55')) d = d.slice(2);
      // DDD (11-99) then 8 digits (landline) or 9 starting with 9 (mobile).
      const valid = /^[1-9][1-9](9\d{8}|[2-8]\d{7})$/.test(d);
      return valid ? `+55${d}` : null;
    }
    case 'random':
      return /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i.test(value)
        ? value.toLowerCase()
        : null;
  }
}

export const pixKeySchema = z
  .object({ type: z.enum(PIX_KEY_TYPES), key: z.string().trim().min(1, 'is required').max(100) })
  .transform((pix, ctx) => {
    const key = normalisePixKey(pix.type, pix.key);
    if (!key) {
      ctx.addIssue({ code: 'custom', path: ['key'], message: `is not a valid ${pix.type} PIX key` });
      return z.NEVER;
    }
    return { type: pix.type, key };
  });
