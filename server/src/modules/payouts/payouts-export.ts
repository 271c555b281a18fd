import { type CsvColumn, type CsvLanguage, csvLines, csvMoney, wordFor } from '@contract/csv';
import type { PayoutBatch, PayoutItem } from '@contract/payouts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { redemptions } from '../../db/schema';

const KEY_TYPE = {
  en: { cpf: 'CPF', cnpj: 'CNPJ', email: 'Email', phone: 'Phone', random: 'Random key' },
  pt: { cpf: 'CPF', cnpj: 'CNPJ', email: 'E-mail', phone: 'Celular', random: 'Chave aleatória' },
};

type BankRow = PayoutItem & {
  bank: { bank: string; agency: string; account: string; holder: string; document: string } | null;
};

/**
 * A batch as a bank portal's payment file reads it in a spreadsheet (docs/decisions/018: `;`,
 * decimal comma, UTF-8 with BOM): who, the PIX key or the bank account, the amount and our
 * identifier (the redemption) to reconcile the bank's return.
 */
const columns: CsvColumn<BankRow>[] = [
  { header: { en: 'Identifier', pt: 'Identificador' }, cell: (i) => `resgate-${i.redemption_id}` },
  { header: { en: 'Payee', pt: 'Favorecido' }, cell: (i) => i.bank?.holder ?? i.affiliate_name },
  { header: { en: 'Affiliate code', pt: 'Código de afiliado' }, cell: (i) => i.affiliate_code },
  // What the bank sends: the net (a person's withholdings stay with the programme, for the RPA).
  { header: { en: 'Amount (R$)', pt: 'Valor (R$)' }, cell: (i) => csvMoney(i.net_cents) },
  { header: { en: 'Gross (R$)', pt: 'Bruto (R$)' }, cell: (i) => csvMoney(i.amount_cents) },
  {
    header: { en: 'PIX key type', pt: 'Tipo de chave PIX' },
    cell: (i, lang) => (i.pix_key_type ? wordFor(KEY_TYPE, lang, i.pix_key_type) : ''),
  },
  { header: { en: 'PIX key', pt: 'Chave PIX' }, cell: (i) => i.pix_key ?? '' },
  { header: { en: 'Bank', pt: 'Banco' }, cell: (i) => i.bank?.bank ?? '' },
  { header: { en: 'Agency', pt: 'Agência' }, cell: (i) => i.bank?.agency ?? '' },
  { header: { en: 'Account', pt: 'Conta' }, cell: (i) => i.bank?.account ?? '' },
  { header: { en: 'CPF/CNPJ', pt: 'CPF/CNPJ' }, cell: (i) => i.bank?.document ?? '' },
];

export async function* payoutBatchRows(db: Db, batch: PayoutBatch): AsyncGenerator<BankRow> {
  for (const item of batch.items) {
    if (item.method === 'pix') {
      yield { ...item, bank: null };
      continue;
    }
    const [row] = await db
      .select({ destination: redemptions.destination })
      .from(redemptions)
      .where(eq(redemptions.id, item.redemption_id));
    const destination = row?.destination;
    yield { ...item, bank: destination?.type === 'bank' ? destination : null };
  }
}

export function payoutBatchCsv(db: Db, batch: PayoutBatch, language: CsvLanguage) {
  return csvLines(columns, payoutBatchRows(db, batch), language);
}
