import type { InvoiceDto, InvoiceQuery } from '@waymark/contracts/billing';
import type { Page } from '@waymark/contracts/common';
import type { Prisma } from '@waymark/db/client';
import type { AppContext } from '../../context';
import { conflict } from '../../http-error';
import { serverAttributes } from '../../notifications/compose';
import { pickLanguage } from '../../notifications/templates/render';
import { found } from '../../plugins/app/access-scope';
import type { AuthContext } from '../../plugins/app/auth-context';
import { audit } from '../audit/audit.service';
import { checkNotReadonly } from '../shared/readonly';
import { pageArgs, pageOf } from '../shared/v2';
import { billingIssuer } from './billing-issuer';
import { renderInvoicePdf } from './invoice-pdf';
import type { InvoiceRow } from './invoices.presenter';
import { presentInvoice } from './invoices.presenter';
import { billingTexts } from './texts/billing-texts';

const SORTABLE = ['periodStart', 'number', 'amountCents', 'dueAt', 'status', 'issuedAt'] as const;
const include = { subscription: { select: { name: true } } } as const;

async function tenantNames(auth: AuthContext, ids: number[]): Promise<Map<number, string>> {
  const rows = await auth.db.tenant.findMany({
    where: { id: { in: [...new Set(ids)] } },
    select: { id: true, name: true },
  });
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function presentInvoices(auth: AuthContext, rows: InvoiceRow[]): Promise<InvoiceDto[]> {
  const names = await tenantNames(
    auth,
    rows.map((r) => r.tenantId),
  );
  return rows.map((r) => presentInvoice(r, names.get(r.tenantId) ?? ''));
}

/** The caller's tenants' invoices, newest period first unless sorted otherwise; search matches the number. */
export async function listInvoices(auth: AuthContext, q: InvoiceQuery): Promise<Page<InvoiceDto>> {
  const where: Prisma.InvoiceWhereInput = {
    tenantId: q.tenantId,
    status: q.status,
    number: q.search ? { contains: q.search, mode: 'insensitive' } : undefined,
  };
  const args = q.sortBy
    ? pageArgs(q, SORTABLE)
    : { ...pageArgs(q, SORTABLE), orderBy: { periodStart: 'desc' as const } };
  const [rows, total] = await Promise.all([
    auth.db.invoice.findMany({ where, include, ...args, orderBy: [args.orderBy, { id: 'desc' }] }),
    auth.db.invoice.count({ where }),
  ]);
  return pageOf(q, await presentInvoices(auth, rows), total);
}

export async function getInvoice(auth: AuthContext, id: number): Promise<InvoiceRow> {
  return found(await auth.db.invoice.findUnique({ where: { id }, include }), 'Invoice not found');
}

export async function getInvoiceDto(auth: AuthContext, id: number): Promise<InvoiceDto> {
  const [dto] = await presentInvoices(auth, [await getInvoice(auth, id)]);
  return dto as InvoiceDto;
}

/** The invoice's PDF in the caller's language (else the server's, else English), headed by the issuer. */
export async function invoicePdf(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
): Promise<{ number: string; pdf: Buffer }> {
  const [invoice, issuer, server] = await Promise.all([
    getInvoiceDto(auth, id),
    billingIssuer(ctx),
    serverAttributes(ctx),
  ]);
  const language = pickLanguage(auth.user.attributes as Record<string, unknown>, server);
  return { number: invoice.number, pdf: await renderInvoicePdf(invoice, issuer, billingTexts(language)) };
}

/** An invoice that may still be paid: issued or overdue. */
export function checkPayable(invoice: { status: string; number: string }): void {
  if (invoice.status !== 'ISSUED' && invoice.status !== 'OVERDUE') {
    throw conflict(`Invoice ${invoice.number} is ${invoice.status.toLowerCase()} and cannot be paid`);
  }
}

/** Marks an issued or overdue invoice paid by hand (a bank transfer, cash). */
export async function payInvoice(ctx: AppContext, auth: AuthContext, id: number): Promise<InvoiceDto> {
  await checkNotReadonly(ctx, auth);
  const invoice = await getInvoice(auth, id);
  checkPayable(invoice);
  await auth.db.invoice.update({ where: { id }, data: { status: 'PAID', paidAt: new Date() } });
  await audit(ctx, {
    action: 'invoice.paid',
    userId: auth.user.id,
    tenantId: invoice.tenantId,
    objectType: 'invoice',
    objectId: id,
    details: { by: 'hand' },
  });
  return getInvoiceDto(auth, id);
}
