import { createRequire } from 'node:module';
import type { InvoiceDto } from '@waymark/contracts/billing';
import PDFDocument from 'pdfkit';
import type { Issuer } from './billing-issuer';
import { fill, formatDay, formatMoney } from './texts/billing-texts';
import type { BillingTexts } from './texts/texts-shape';

// PDF's standard fonts cover Latin-1 only: Greek (and any tenant's name) needs an embedded Unicode font.
const require = createRequire(import.meta.url);
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

/** The invoice as an A4 PDF in the reader's language: issuer, billed tenant, period, lines, total, status. */
export function renderInvoicePdf(invoice: InvoiceDto, issuer: Issuer, t: BillingTexts): Promise<Buffer> {
  const title = fill(t.pdf.title, { number: invoice.number });
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    lang: t.locale,
    info: { Title: title, Author: issuer.name, Subject: invoice.number },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('regular', FONT).registerFont('bold', BOLD);
  const money = (cents: number) => formatMoney(t, cents, invoice.currency);
  const day = (at: string | null) => formatDay(t, at);

  doc.font('bold').fontSize(20).text(issuer.name);
  doc.font('regular').fontSize(9);
  for (const line of issuer.address) doc.text(line);
  if (issuer.taxId) doc.text(`${t.pdf.vatId}: ${issuer.taxId}`);
  if (issuer.email) doc.text(issuer.email);
  doc.moveDown(0.5).fontSize(14).text(title);
  doc.moveDown().fontSize(10);
  doc.text(`${t.pdf.billedTo}: ${invoice.tenantName}`);
  if (invoice.subscriptionName) doc.text(`${t.pdf.plan}: ${invoice.subscriptionName}`);
  doc.text(fill(t.pdf.period, { start: day(invoice.periodStart), end: day(invoice.periodEnd) }));
  doc.text(`${t.pdf.issued}: ${day(invoice.issuedAt)}    ${t.pdf.due}: ${day(invoice.dueAt)}`);
  const paid = invoice.paidAt ? ` ${fill(t.pdf.paidOn, { date: day(invoice.paidAt) })}` : '';
  doc.text(`${t.pdf.status}: ${t.pdf.statuses[invoice.status]}${paid}`);
  doc.moveDown();

  const top = doc.y;
  const cols = [50, 290, 360, 455];
  doc.font('bold');
  t.pdf.columns.forEach((h, i) => {
    doc.text(h, cols[i], top);
  });
  doc.font('regular');
  let y = top + 18;
  for (const line of invoice.lines) {
    doc.text(line.description, cols[0], y, { width: 230 });
    doc.text(String(line.quantity), cols[1], y);
    doc.text(money(line.unitCents), cols[2], y);
    doc.text(money(line.unitCents * line.quantity), cols[3], y);
    y = Math.max(doc.y, y + 14) + 4;
  }
  doc.moveTo(50, y).lineTo(545, y).stroke();
  doc.font('bold').text(`${t.pdf.total}: ${money(invoice.amountCents)}`, cols[2], y + 8);
  doc.end();
  return done;
}
