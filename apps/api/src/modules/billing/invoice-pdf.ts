import type { InvoiceDto } from '@waymark/contracts/billing';
import PDFDocument from 'pdfkit';

/** Amount in minor units → "1,234.50 EUR". */
export function formatMoney(cents: number, currency: string): string {
  const value = (cents / 100).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `${value} ${currency}`;
}

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '—');

/** The invoice as an A4 PDF: header, billed tenant, period, lines, total, status. */
export function renderInvoicePdf(invoice: InvoiceDto, issuer: string): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `Invoice ${invoice.number}`, Author: issuer, Subject: invoice.number },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.fontSize(20).text(issuer, { continued: false });
  doc.moveDown(0.5).fontSize(14).text(`Invoice ${invoice.number}`);
  doc.moveDown().fontSize(10);
  doc.text(`Billed to: ${invoice.tenantName}`);
  if (invoice.subscriptionName) doc.text(`Plan: ${invoice.subscriptionName}`);
  doc.text(`Period: ${day(invoice.periodStart)} to ${day(invoice.periodEnd)} (end excluded)`);
  doc.text(`Issued: ${day(invoice.issuedAt)}    Due: ${day(invoice.dueAt)}`);
  doc.text(`Status: ${invoice.status}${invoice.paidAt ? ` on ${day(invoice.paidAt)}` : ''}`);
  doc.moveDown();

  const top = doc.y;
  const cols = [50, 300, 370, 460];
  doc.font('Helvetica-Bold');
  const heads = ['Description', 'Quantity', 'Unit price', 'Amount'];
  heads.forEach((h, i) => {
    doc.text(h, cols[i], top);
  });
  doc.font('Helvetica');
  let y = top + 18;
  for (const line of invoice.lines) {
    doc.text(line.description, cols[0], y, { width: 240 });
    doc.text(String(line.quantity), cols[1], y);
    doc.text(formatMoney(line.unitCents, invoice.currency), cols[2], y);
    doc.text(formatMoney(line.unitCents * line.quantity, invoice.currency), cols[3], y);
    y = Math.max(doc.y, y + 14) + 4;
  }
  doc.moveTo(50, y).lineTo(545, y).stroke();
  doc.font('Helvetica-Bold').text(`Total: ${formatMoney(invoice.amountCents, invoice.currency)}`, cols[2], y + 8);
  doc.end();
  return done;
}
