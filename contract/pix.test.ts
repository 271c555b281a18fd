import { describe, expect, test } from 'vitest';
import { isValidCnpj, isValidCpf, normalisePixKey, pixKeySchema } from './pix';

describe('PIX keys', () => {
  test.each([
    ['529.982.247-25', true],
    ['52998224725', true],
    ['529.982.247-24', false],
    ['111.111.111-11', false],
    ['1234567890', false],
  ])('CPF %s valid: %s', (cpf, valid) => {
    expect(isValidCpf(cpf)).toBe(valid);
  });

  test.each([
    ['11.222.333/0001-81', true],
    ['11222333000181', true],
    ['11.222.333/0001-80', false],
    ['00.000.000/0000-00', false],
  ])('CNPJ %s valid: %s', (cnpj, valid) => {
    expect(isValidCnpj(cnpj)).toBe(valid);
  });

  test.each([
    ['cpf', '529.982.247-25', '52998224725'],
    ['cnpj', '11.222.333/0001-81', '11222333000181'],
    ['email', ' Ana.Souza@Example.com ', 'ana.souza@example.com'],
    ['phone', '(11) 98765-4321', '+5511987654321'],
    ['phone', '+55 21 3456-7890', '+552134567890'],
    ['random', '123E4567-E89B-42D3-A456-426614174000', '123e4567-e89b-42d3-a456-426614174000'],
  ] as const)('a %s key %s is kept as %s', (type, raw, canonical) => {
    expect(normalisePixKey(type, raw)).toBe(canonical);
  });

  test.each([
    ['phone', '(11) 8765-432'],
    ['phone', '(01) 98765-4321'],
    ['email', 'not-an-email'],
    ['random', 'not-a-uuid'],
    ['cpf', '11222333000181'],
  ] as const)('a %s key %s is refused', (type, raw) => {
    expect(normalisePixKey(type, raw)).toBeNull();
    const parsed = pixKeySchema.safeParse({ type, key: raw });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['key']);
  });
});
