import { idSchema } from '@contract/common';
import { centsOf } from '@contract/money-text';
import { type SaleImportResult, saleBodySchema } from '@contract/sales';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { chargebackOrder } from './sale-decisions';
import type { SaleWriter } from './sale-writer';

/**
 * A spreadsheet's amount in cents, read as the screen's money field reads it ("189,90", "1.234,56",
 * "1,234.56"); an amount with two readings ("1.234") is refused, never guessed.
 */
export function parseReais(text: string): number | null {
  return centsOf(text);
}

const METHOD_ALIASES: Record<string, string> = {
  pix: 'pix',
  boleto: 'boleto',
  credit_card: 'credit_card',
  cartao_credito: 'credit_card',
  cartao_de_credito: 'credit_card',
  credito: 'credit_card',
  debit_card: 'debit_card',
  cartao_debito: 'debit_card',
  cartao_de_debito: 'debit_card',
  debito: 'debit_card',
  other: 'other',
  outro: 'other',
};

const optional = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

/** A CSV row's text cells as the sale body the admin form would send. */
function toBody(values: Record<string, string>) {
  const amount = optional(values.amount);
  const method = optional(values.payment_method)
    ?.toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\s-]+/g, '_');
  return {
    campaign_id: optional(values.campaign_id) ?? '',
    external_id: optional(values.external_id) ?? '',
    amount_cents: amount === undefined ? undefined : (parseReais(amount) ?? Number.NaN),
    payment_method: method ? (METHOD_ALIASES[method] ?? method) : undefined,
    affiliate_code: optional(values.affiliate_code),
    click_id: optional(values.click_id),
    coupon: optional(values.coupon),
    customer_email: optional(values.customer_email),
    origin: optional(values.origin),
    status: optional(values.status)?.toLowerCase(),
    subscription_id: optional(values.subscription_id),
    charge_number: optional(values.charge_number) === undefined ? undefined : Number(values.charge_number),
  };
}

/** A row that reports a chargeback of an order imported (or posted) before: campaign and order id. */
const chargebackRowSchema = z.object({
  campaign_id: idSchema,
  external_id: z.string().trim().min(1, 'is required').max(100),
});

/** The spreadsheet's names for the body's fields. */
const COLUMN_OF: Record<string, string> = { amount_cents: 'amount' };

/** Rows handed to the sale writer at once: enough to fill its batches, few enough to hold in memory. */
const IMPORT_CHUNK = 2000;

/**
 * Records each row as a sale from an import, on its own: a bad row is reported and the others go
 * on. The order id is required, so importing the same file twice records nothing twice. Rows go
 * to the sale writer a chunk at a time, so they are written in batches like postbacks.
 */
export async function importSales(
  db: Db,
  writer: SaleWriter,
  actorId: number,
  rows: { line: number; values: Record<string, string> }[],
): Promise<SaleImportResult> {
  const results: SaleImportResult['results'] = [];
  for (let start = 0; start < rows.length; start += IMPORT_CHUNK) {
    const chunk = rows.slice(start, start + IMPORT_CHUNK);
    results.push(...(await Promise.all(chunk.map((row) => importRow(db, writer, actorId, row)))));
  }
  return { results };
}

async function importRow(
  db: Db,
  writer: SaleWriter,
  actorId: number,
  { line, values }: { line: number; values: Record<string, string> },
): Promise<SaleImportResult['results'][number]> {
  if (optional(values.status)?.toLowerCase() === 'chargeback') return chargebackRow(db, actorId, line, values);
  const parsed = saleBodySchema.safeParse(toBody(values));
  const errors = parsed.success
    ? []
    : parsed.error.issues.map((issue) => {
        const field = String(issue.path[0] ?? 'row');
        return { field: COLUMN_OF[field] ?? field, message: issue.message };
      });
  if (parsed.success && !parsed.data.external_id) errors.push({ field: 'external_id', message: 'is required' });
  if (!parsed.success || errors.length > 0) return { line, outcome: 'refused', sale_id: null, errors };
  try {
    const { sale, created } = await writer.record(parsed.data, { source: 'import', actorId });
    return { line, outcome: created ? 'created' : 'duplicate', sale_id: sale.id, errors: [] };
  } catch (error) {
    return refusedRow(line, error);
  }
}

/** A chargeback row: the order's sale charged back (a row repeated finds it charged back already). */
async function chargebackRow(
  db: Db,
  actorId: number,
  line: number,
  values: Record<string, string>,
): Promise<SaleImportResult['results'][number]> {
  const parsed = chargebackRowSchema.safeParse({
    campaign_id: optional(values.campaign_id) ?? '',
    external_id: optional(values.external_id) ?? '',
  });
  if (!parsed.success) {
    const errors = parsed.error.issues.map((issue) => ({
      field: String(issue.path[0] ?? 'row'),
      message: issue.message,
    }));
    return { line, outcome: 'refused', sale_id: null, errors };
  }
  try {
    const before = await chargebackOrder(db, actorId, {
      campaignId: parsed.data.campaign_id,
      externalId: parsed.data.external_id,
    });
    return { line, outcome: 'charged_back', sale_id: before.id, errors: [] };
  } catch (error) {
    return refusedRow(line, error);
  }
}

function refusedRow(line: number, error: unknown): SaleImportResult['results'][number] {
  if (!(error instanceof AppError)) throw error;
  return {
    line,
    outcome: 'refused',
    sale_id: null,
    errors: error.errors?.length ? error.errors : [{ field: 'row', message: error.message }],
  };
}
