import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { billingMonthSchema } from '../../model/billing-month.ts';
import { type InvoicePdfLanguage, type InvoiceView, PV_OVERAGE_UNIT } from '../../model/invoice.ts';
import { invoiceText, yen } from '../../model/invoice-texts.ts';

const FONT = 'NotoSansJP';
let fontBytes: Buffer | undefined;

/** Noto Sans JP from its npm package (no system font needed), read once; pdfkit embeds only the glyphs a PDF uses. */
function font(): Buffer {
  fontBytes ??= readFileSync(createRequire(import.meta.url).resolve('@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf'));
  return fontBytes;
}

/**
 * The issued invoice as a PDF (A4): issuer with its registration number, recipient, month,
 * lines, subtotal, tax per rate and total, in Japanese or English.
 */
export function invoicePdf(invoice: InvoiceView, lang: InvoicePdfLanguage): Promise<Buffer> {
  const t = (key: Parameters<typeof invoiceText>[1], values?: Parameters<typeof invoiceText>[2]) => invoiceText(lang, key, values);
  const money = (amount: number) => yen(lang, amount);
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `${t('title')} ${invoice.number ?? ''}`, Author: invoice.issuer?.companyName ?? '' } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont(FONT, font());
  doc.font(FONT);

  doc.fontSize(20).text(t('title'), { align: 'center' });
  doc.moveDown();
  doc.fontSize(10);
  doc.text(`${t('number')}: ${invoice.number ?? ''}`, { align: 'right' });
  if (invoice.issuedAt !== null) doc.text(`${t('issuedOn')}: ${new Date(invoice.issuedAt + 9 * 3_600_000).toISOString().slice(0, 10)}`, { align: 'right' });
  doc.text(`${t('period')}: ${billingMonthSchema.parse(invoice.period)}`, { align: 'right' });
  doc.moveDown();

  const recipient = invoice.recipient;
  if (recipient) {
    doc.fontSize(14).text(`${recipient.companyName} ${t('recipientSuffix')}`.trim());
    doc.fontSize(10).text(recipient.contactPerson);
  }
  doc.moveDown();
  const issuer = invoice.issuer;
  if (issuer) {
    doc.text(`${t('issuer')}: ${issuer.companyName}`);
    doc.text(issuer.address);
    doc.text(`${t('registrationNumber')}: ${issuer.registrationNumber}`);
  }
  doc.moveDown();
  doc.fontSize(14).text(`${t('total')}: ${money(invoice.total)}`);
  doc.fontSize(10).moveDown();

  const columns = [50, 290, 350, 430, 500] as const;
  const row = (cells: readonly string[]) => {
    const y = doc.y;
    cells.forEach((cell, i) => {
      doc.text(cell, columns[i]!, y, { width: i === 0 ? 235 : 70, align: i === 0 ? 'left' : 'right', lineBreak: i === 0 });
    });
    doc.x = columns[0];
    doc.moveDown(0.5);
  };
  row([t('item'), t('quantity'), t('unitPrice'), t('amount'), t('taxRate')]);
  doc.moveTo(50, doc.y).lineTo(570, doc.y).stroke();
  doc.moveDown(0.3);
  for (const line of invoice.lines) {
    const label = t(`line.${line.kind}`, { plan: invoice.planName ?? '', unit: PV_OVERAGE_UNIT.toLocaleString('en-US') });
    row([label, line.quantity.toLocaleString('en-US'), money(line.unitPrice), money(line.amount), `${line.taxRate}%`]);
  }
  doc.moveTo(50, doc.y).lineTo(570, doc.y).stroke();
  doc.moveDown();
  doc.text(`${t('subtotal')}: ${money(invoice.subtotal)}`, 50, doc.y, { align: 'right' });
  for (const rate of invoice.taxByRate) doc.text(t('taxLine', { rate: rate.rate, base: money(rate.base), tax: money(rate.tax) }), { align: 'right' });
  doc.fontSize(12).text(`${t('total')}: ${money(invoice.total)}`, { align: 'right' });
  doc.fontSize(10).moveDown();
  doc.text(`${t('pageViews')}: ${invoice.pageViews.toLocaleString('en-US')}　${t('blocksUsed')}: ${invoice.blocksUsed}`);
  doc.text(`${t('billingMethod')}: ${t(`method.${invoice.billingMethod}`)}`);
  doc.end();
  return done;
}
