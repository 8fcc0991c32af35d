import type { Db } from '@waymark/db/client';
import { periodOf } from '../modules/billing/billing-periods';

/** Days between an invoice's issue and its due date. */
export const INVOICE_DUE_DAYS = 14;
const DAY_MS = 86_400_000;

const INTERVAL_TEXT = { MONTHLY: 'month', QUARTERLY: 'quarter', YEARLY: 'year' } as const;

/** The invoice number of a tenant's period: INV-<period start YYYYMM>-<tenant id>, unique as the pair is. */
export function invoiceNumber(tenantId: number, periodStart: Date): string {
  const ym = periodStart.toISOString().slice(0, 7).replace('-', '');
  return `INV-${ym}-${String(tenantId).padStart(5, '0')}`;
}

export interface CycleResult {
  issued: number;
  overdue: number;
}

/**
 * One pass of the billing cycle at `now`: every active tenant on an enabled plan whose subscription has not lapsed
 * before the current period gets the invoice of that period (the plan's month, quarter or year), priced per
 * active (not disabled) device, issued with a due date INVOICE_DUE_DAYS later; then issued invoices past their
 * due date become overdue. The (tenant, period start) key makes the pass idempotent: running it again, on this
 * node or another, issues nothing twice.
 */
export async function runBillingCycle(db: Db, now = new Date()): Promise<CycleResult> {
  const tenants = await db.tenant.findMany({
    where: { active: true, subscription: { disabled: false } },
    select: { id: true, subscriptionExpiresAt: true, subscription: true },
  });
  let issued = 0;
  for (const tenant of tenants) {
    const plan = tenant.subscription;
    if (!plan) continue;
    const period = periodOf(plan.interval, now);
    if (tenant.subscriptionExpiresAt && tenant.subscriptionExpiresAt < period.start) continue;
    const devices = await db.device.count({ where: { tenantId: tenant.id, disabled: false } });
    const line = {
      description: `${plan.name}: one device for one ${INTERVAL_TEXT[plan.interval]}`,
      quantity: devices,
      unitCents: plan.priceCents,
    };
    const created = await db.invoice.createMany({
      data: [
        {
          tenantId: tenant.id,
          subscriptionId: plan.id,
          number: invoiceNumber(tenant.id, period.start),
          status: 'ISSUED',
          amountCents: devices * plan.priceCents,
          currency: plan.currency,
          periodStart: period.start,
          periodEnd: period.end,
          issuedAt: now,
          dueAt: new Date(now.getTime() + INVOICE_DUE_DAYS * DAY_MS),
          lines: [line],
        },
      ],
      skipDuplicates: true,
    });
    issued += created.count;
  }
  const overdue = await db.invoice.updateMany({
    where: { status: 'ISSUED', dueAt: { lt: now } },
    data: { status: 'OVERDUE' },
  });
  return { issued, overdue: overdue.count };
}
