import type { PayoutReceipt } from '@contract/payouts';
import PDFDocument from 'pdfkit';

const brl = (cents: number) =>
  new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(cents / 100).replace(/\u00a0/g, ' ');
const day = (iso: string) => new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(new Date(iso));
const documentText = (digits: string) =>
  digits.length === 11
    ? digits.replace(/(\d{3})(\d{3})(\d{3})(\d{2})/, '$1.$2.$3-$4')
    : digits.replace(/(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})/, '$1.$2.$3/$4-$5');

export type Payer = { name: string; document: string };

/** A PDF as one buffer; small documents, kept uncompressed so their words can be read back (tests, search). */
function render(title: string, draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 56,
      compress: false,
      info: { Title: title, Author: 'Afiliados' },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.font('Helvetica');
    draw(doc);
    doc.end();
  });
}

function line(doc: PDFKit.PDFDocument, label: string, value: string, bold = false) {
  const y = doc.y;
  doc.font('Helvetica').text(label, 56, y, { width: 300 });
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').text(value, 356, y, { width: 183, align: 'right' });
  doc.font('Helvetica').moveDown(0.4);
}

/** The RPA (Recibo de Pagamento a Autônomo) of one payment, in Portuguese as the document is. */
export function receiptPdf(receipt: PayoutReceipt, payee: Record<string, string>, payer: Payer): Promise<Buffer> {
  return render(`RPA nº ${receipt.id}`, (doc) => {
    doc.font('Helvetica-Bold').fontSize(15).text('RECIBO DE PAGAMENTO A AUTÔNOMO (RPA)', { align: 'center' });
    doc
      .font('Helvetica')
      .fontSize(10)
      .moveDown(0.3)
      .text(`Nº ${receipt.id} · competência ${receipt.month.split('-').reverse().join('/')}`, { align: 'center' });
    doc.moveDown(1.2).font('Helvetica-Bold').text('Fonte pagadora');
    doc.font('Helvetica').text(payer.name || '(nome da empresa: configure em Retenções)');
    doc.text(payer.document ? `CNPJ ${documentText(payer.document)}` : 'CNPJ não configurado');
    doc.moveDown(0.8).font('Helvetica-Bold').text('Prestador de serviço');
    doc.font('Helvetica').text(payee.legal_name ?? receipt.legal_name);
    doc.text(`CPF ${documentText(payee.document ?? receipt.document)}`);
    const complement = payee.complement ? `, ${payee.complement}` : '';
    doc.text(
      `${payee.street}, ${payee.number}${complement} · ${payee.district} · ${payee.city}/${payee.state} · CEP ${String(payee.postal_code).replace(/(\d{5})(\d{3})/, '$1-$2')}`,
    );
    doc.moveDown(0.8).font('Helvetica-Bold').text('Serviço');
    doc
      .font('Helvetica')
      .text(
        `Comissões de afiliado, resgate nº ${receipt.redemption_id}, pago por PIX em ${day(receipt.paid_at)} (identificador ${receipt.end_to_end_id}).`,
      );
    doc.moveDown(1);
    line(doc, 'Valor bruto', brl(receipt.gross_cents), true);
    line(doc, '(−) INSS retido', brl(receipt.inss_cents));
    line(doc, '(−) IRRF retido', brl(receipt.irrf_cents));
    line(doc, '(−) ISS retido', brl(receipt.iss_cents));
    line(doc, 'Valor líquido pago', brl(receipt.net_cents), true);
    doc
      .moveDown(1.5)
      .fontSize(9)
      .text(
        'Recebi da fonte pagadora acima a importância líquida indicada, pelos serviços descritos, com as retenções legais discriminadas.',
        { align: 'justify' },
      );
  });
}

/** A year's statement of what was paid and withheld, receipt by receipt, with its totals. */
export function yearlyStatementPdf(year: number, receipts: PayoutReceipt[], payer: Payer): Promise<Buffer> {
  const total = (pick: (r: PayoutReceipt) => number) => receipts.reduce((sum, r) => sum + pick(r), 0);
  return render(`Informe de pagamentos ${year}`, (doc) => {
    doc.font('Helvetica-Bold').fontSize(15).text(`INFORME DE PAGAMENTOS E RETENÇÕES · ${year}`, { align: 'center' });
    doc.font('Helvetica').fontSize(10).moveDown(0.5);
    doc.text(
      `Fonte pagadora: ${payer.name || '(não configurada)'}${payer.document ? ` · CNPJ ${documentText(payer.document)}` : ''}`,
    );
    const first = receipts[0];
    if (first) doc.text(`Beneficiário: ${first.legal_name} · CPF ${documentText(first.document)}`);
    doc.moveDown(1);
    if (receipts.length === 0) doc.text('Nenhum pagamento com recibo neste ano.');
    for (const r of receipts) {
      line(
        doc,
        `${day(r.paid_at)} · RPA nº ${r.id}`,
        `bruto ${brl(r.gross_cents)} · INSS ${brl(r.inss_cents)} · IRRF ${brl(r.irrf_cents)} · ISS ${brl(r.iss_cents)} · líquido ${brl(r.net_cents)}`,
      );
    }
    doc.moveDown(1);
    line(doc, 'Total bruto', brl(total((r) => r.gross_cents)), true);
    line(doc, 'Total de INSS retido', brl(total((r) => r.inss_cents)));
    line(doc, 'Total de IRRF retido', brl(total((r) => r.irrf_cents)));
    line(doc, 'Total de ISS retido', brl(total((r) => r.iss_cents)));
    line(doc, 'Total líquido pago', brl(total((r) => r.net_cents)), true);
  });
}
