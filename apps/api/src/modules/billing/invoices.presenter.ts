import type { InvoiceDto } from '@waymark/contracts/billing';
import { invoiceLineSchema } from '@waymark/contracts/billing';
import type { Invoice } from '@waymark/db/client';
import { z } from 'zod';

export type InvoiceRow = Invoice & { subscription: { name: string } | null };

const lines = z.array(invoiceLineSchema).catch([]);

export function presentInvoice(row: InvoiceRow, tenantName: string): InvoiceDto {
  return {
    id: row.id,
    number: row.number,
    tenantId: row.tenantId,
    tenantName,
    subscriptionId: row.subscriptionId,
    subscriptionName: row.subscription?.name ?? null,
    status: row.status,
    amountCents: row.amountCents,
    currency: row.currency,
    periodStart: row.periodStart.toISOString(),
    periodEnd: row.periodEnd.toISOString(),
    issuedAt: row.issuedAt?.toISOString() ?? null,
    dueAt: row.dueAt?.toISOString() ?? null,
    paidAt: row.paidAt?.toISOString() ?? null,
    lines: lines.parse(row.lines),
  };
}
