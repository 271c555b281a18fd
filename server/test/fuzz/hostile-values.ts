import fc from 'fast-check';
import type { JsonSchema } from '../openapi';

/** One seed for every generated value, so a failure found once is found again. */
export const FUZZ_SEED = 20_240_229;

export const HUGE_TEXT = 'x'.repeat(100_000);

/** Text no person types: NUL, other C0 controls, DEL, a lone surrogate, a bidi override. */
export const HOSTILE_TEXTS = ['a\u0000b', '\u0001\u001f', '\u007f', 'a\ud800b', '\udfff', '\u202e1', '', '   '];

export const EDGE_DATES = [
  '0000-01-01',
  '9999-12-31',
  '2024-02-30',
  '2023-02-29',
  '2024-13-01',
  '2024-1-1',
  '24-01-01',
  '1969-12-31',
  '2024-01-01T25:00:00Z',
  '2024-01-01T00:00:00',
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59Z',
  '+275760-09-13T00:00:00Z',
  'yesterday',
];

export const HOSTILE_NUMBERS = [-1, 0, 1.5, -0, -2_147_483_649, 2_147_483_648, 2 ** 53 + 2, 1e308, -1e308, 1e-7];

/** Values of the wrong JSON type for anything. */
export const WRONG_TYPES: unknown[] = [null, true, 'x', 1, {}, [], [1, 'a'], { a: { b: [] } }];

/**
 * Numbers and words that are not a positive id, as they would appear in a path or a query. The
 * spellings a number coercion still reads (`0x…`, `…e…`, a leading space) all name 987654321, an id
 * nothing has, so a lenient route cannot delete a real row with them.
 */
export const BAD_ID_TEXTS = [
  'abc',
  '-1',
  '0',
  '1.5',
  '9.87654321e8',
  '0x3ade68b1',
  ' 987654321',
  'NaN',
  'Infinity',
  '9007199254740992',
  '99999999999999999999',
  '-99999999999999999999',
];

/** Already percent-encoded: bytes that are not UTF-8, an encoded surrogate, NUL, a 3000-char id. */
export const BAD_ENCODED_IDS = ['%FF', '%ED%A0%80', '%00', '%C0%AF', '%', '%2F', '..%2F..%2Fetc', '1'.repeat(3000)];

/**
 * Percent-encodes every byte of the text's UTF-8, except unreserved characters. Unlike
 * encodeURIComponent it never throws: a lone surrogate goes out as the replacement character.
 */
export function percentEncode(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const char = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-._~]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

const typesOf = (schema: JsonSchema): string[] =>
  Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];

/** The non-null branch of `anyOf: [X, null]`, or the schema itself. */
export function mainBranch(schema: JsonSchema): JsonSchema {
  const branches = schema.anyOf ?? schema.oneOf;
  if (!branches) return schema.allOf?.[0] ?? schema;
  return branches.find((branch) => !typesOf(branch).includes('null')) ?? branches[0] ?? schema;
}

/** A plausible valid value, so that breaking one field at a time tests that field's rule. */
export function exampleOf(input: JsonSchema, depth = 0): unknown {
  const schema = mainBranch(input);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const type = typesOf(schema)[0] ?? (schema.properties ? 'object' : 'string');
  switch (type) {
    case 'integer':
    case 'number': {
      const low = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
      return Math.max(low, Math.min(1, schema.maximum ?? 1));
    }
    // False where a switch is at stake: a broken sibling must not switch maintenance on.
    case 'boolean':
      return false;
    case 'array':
      return schema.minItems && schema.items ? [exampleOf(schema.items, depth + 1)] : [];
    case 'object': {
      if (depth > 4) return {};
      const entries = Object.entries(schema.properties ?? {}).map(([name, property]) => [
        name,
        exampleOf(property, depth + 1),
      ]);
      return Object.fromEntries(entries);
    }
    case 'null':
      return null;
    default:
      return exampleText(schema);
  }
}

function exampleText(schema: JsonSchema): string {
  switch (schema.format) {
    case 'email':
      return 'fuzz@example.com';
    case 'uri':
      return 'https://example.com/';
    case 'date':
      return '2024-01-15';
    case 'date-time':
      return '2024-01-15T12:00:00Z';
    case 'uuid':
      return '00000000-0000-4000-8000-000000000000';
    default:
      return 'a'.repeat(Math.max(schema.minLength ?? 0, 8));
  }
}

/** The hand-picked breakages of one value, chosen by what its schema expects. */
export function hostileValuesFor(input: JsonSchema): unknown[] {
  const schema = mainBranch(input);
  const types = typesOf(schema);
  const values: unknown[] = [...WRONG_TYPES];
  if (types.includes('string') || schema.enum) {
    values.push(HUGE_TEXT, ...HOSTILE_TEXTS);
    if (schema.format?.startsWith('date')) values.push(...EDGE_DATES);
    if (schema.format === 'email') values.push('a@', `${'a'.repeat(300)}@example.com`, 'a@b@c');
    if (schema.enum) values.push(`${schema.enum[0]}x`, String(schema.enum[0]).toUpperCase());
  }
  if (types.includes('integer') || types.includes('number')) values.push(...HOSTILE_NUMBERS, '1', '1e3');
  if (types.includes('array'))
    values.push(
      Array.from({ length: 10_000 }, () => 1),
      [null],
      [HUGE_TEXT],
    );
  if (types.includes('object')) values.push({ '\u0000': 1 }, JSON.parse('{"__proto__":{"polluted":true}}'));
  return values;
}

/** Hand-picked breakages of a query or path value, as the text that goes in the URL (encoded). */
export function hostileQueryValuesFor(input: JsonSchema): string[] {
  const schema = mainBranch(input);
  const types = typesOf(schema);
  const values = ['', percentEncode(HUGE_TEXT), ...BAD_ENCODED_IDS.slice(0, 5), percentEncode('a\u0000b')];
  if (types.includes('integer') || types.includes('number')) values.push(...BAD_ID_TEXTS.map(percentEncode));
  if (schema.format?.startsWith('date')) values.push(...EDGE_DATES.map(percentEncode));
  if (schema.enum) values.push(percentEncode(`${schema.enum[0]}x`));
  return values;
}

/** Any JSON, any text (lone surrogates and controls included), nested a little. */
export const anyJsonValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
  fc.double(),
);

/** Generated values, the same on every run (fixed seed), `count` of them. */
export function sampled<T>(arbitrary: fc.Arbitrary<T>, count: number, salt: number): T[] {
  return fc.sample(arbitrary, { seed: FUZZ_SEED + salt, numRuns: count });
}
