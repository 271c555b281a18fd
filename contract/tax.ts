import { z } from 'zod';
import { isValidCnpj, isValidCpf } from './pix';

/**
 * What a Brazilian company must know of whom it pays (docs/decisions/038): a person (CPF) is paid
 * with a receipt (RPA) and the withholdings the law asks of the payer; a company (CNPJ) issues its
 * own invoice (NFS-e).
 */
export const TAX_KINDS = ['person', 'company'] as const;
export type TaxKind = (typeof TAX_KINDS)[number];

/** The 27 federative units, for the address's state. */
export const BRAZIL_STATES = [
  'AC',
  'AL',
  'AP',
  'AM',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MT',
  'MS',
  'MG',
  'PA',
  'PB',
  'PR',
  'PE',
  'PI',
  'RJ',
  'RN',
  'RS',
  'RO',
  'RR',
  'SC',
  'SP',
  'SE',
  'TO',
] as const;

const digitsOnly = (value: string) => value.replace(/\D/g, '');
const text = (max: number, required = 'is required') => z.string().trim().min(1, required).max(max);

export const taxProfileBodySchema = z
  .object({
    kind: z.enum(TAX_KINDS),
    document: z.string().trim().transform(digitsOnly),
    legal_name: z.string().trim().min(3, 'must be the full legal name').max(150),
    street: text(150),
    number: text(20),
    complement: z.string().trim().max(80).optional().default(''),
    district: text(80),
    city: text(80),
    state: z.enum(BRAZIL_STATES, 'must be a Brazilian state (UF)'),
    postal_code: z
      .string()
      .trim()
      .transform(digitsOnly)
      .refine((v) => v.length === 8, 'must be a CEP of 8 digits'),
  })
  .superRefine((body, ctx) => {
    const valid = body.kind === 'person' ? isValidCpf(body.document) : isValidCnpj(body.document);
    if (!valid) {
      ctx.addIssue({
        code: 'custom',
        path: ['document'],
        message: body.kind === 'person' ? 'must be a valid CPF' : 'must be a valid CNPJ',
      });
    }
  });
export type TaxProfileBody = z.input<typeof taxProfileBodySchema>;

export const taxProfileSchema = z.object({
  kind: z.enum(TAX_KINDS),
  document: z.string(),
  legal_name: z.string(),
  street: z.string(),
  number: z.string(),
  complement: z.string(),
  district: z.string(),
  city: z.string(),
  state: z.enum(BRAZIL_STATES),
  postal_code: z.string(),
  updated_at: z.string(),
});
export type TaxProfile = z.infer<typeof taxProfileSchema>;
/** GET /me/tax-profile: null until the affiliate fills it in. */
export const taxProfileAnswerSchema = z.object({ profile: taxProfileSchema.nullable() });

const cents = z.number().int().min(0).max(100_000_000_00);
const bps = z.number().int().min(0).max(10_000);

/** One line of the monthly IRRF table: up to this base (null: above every other), rate and deduction. */
export const irrfBracketSchema = z.object({
  up_to_cents: cents.nullable(),
  rate_bps: bps,
  deduction_cents: cents,
});

/**
 * The rates an admin keeps for paying people (RPA): INSS withheld from a self-employed person
 * (contribuinte individual) up to its ceiling; the monthly IRRF table with the simplified monthly
 * discount and the reduction for lower incomes (Lei 15.270/2025); ISS where the municipality has the
 * payer withhold it; whether a company must send its NFS-e before it is paid.
 */
export const withholdingSettingsSchema = z
  .object({
    inss_rate_bps: bps,
    inss_ceiling_cents: cents,
    irrf_brackets: z.array(irrfBracketSchema).min(1).max(10),
    irrf_simplified_discount_cents: cents,
    /** Incomes up to this pay no IRRF at all (the reduction takes the whole tax). */
    irrf_reduction_full_up_to_cents: cents,
    /** From there up to this, the reduction is constant − factor × income. */
    irrf_reduction_partial_up_to_cents: cents,
    irrf_reduction_constant_cents: cents,
    /** The factor in millionths (0,133145 → 133145). */
    irrf_reduction_factor_millionths: z.number().int().min(0).max(1_000_000),
    iss_rate_bps: bps,
    require_nfse: z.boolean(),
    /** The paying company as its receipts name it. */
    payer_name: z.string().trim().max(150).default(''),
    payer_document: z
      .string()
      .trim()
      .max(20)
      .refine((v) => v === '' || isValidCnpj(v), 'must be a valid CNPJ')
      .default(''),
  })
  .superRefine((s, ctx) => {
    const limits = s.irrf_brackets.map((b) => b.up_to_cents);
    const open = limits.filter((l) => l === null).length;
    const ordered = limits
      .slice(0, -1)
      .every((l, i) => l !== null && (limits[i + 1] === null || l < (limits[i + 1] ?? 0)));
    if (open !== 1 || limits.at(-1) !== null || !ordered) {
      ctx.addIssue({
        code: 'custom',
        path: ['irrf_brackets'],
        message: 'must go up in order, the last one with no upper limit',
      });
    }
  });
export type WithholdingSettings = z.infer<typeof withholdingSettingsSchema>;
/** PUT /settings/withholdings: the same, the payer's CNPJ kept as digits. */
export const withholdingSettingsBodySchema = withholdingSettingsSchema.transform((s) => ({
  ...s,
  payer_document: s.payer_document.replace(/\D/g, ''),
}));

/** What a person paid `gross_cents` receives: each withholding and the net, exact to the cent. */
export const withholdingsSchema = z.object({
  gross_cents: z.number().int(),
  inss_cents: z.number().int(),
  irrf_base_cents: z.number().int(),
  irrf_cents: z.number().int(),
  iss_cents: z.number().int(),
  net_cents: z.number().int(),
});
export type Withholdings = z.infer<typeof withholdingsSchema>;
export const withholdingPreviewQuerySchema = z.object({
  gross_cents: z.coerce.number().int().min(1).max(100_000_000_00),
});
