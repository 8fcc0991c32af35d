import type { BillingStatsDto } from '@waymark/contracts/billing';
import type { AuthContext } from '../../plugins/app/auth-context';
import { addMonths, monthKey } from './billing-periods';

/**
 * Billing figures of the caller's tenants over the last `months` months, this one included: revenue by month
 * and currency (invoices issued, overdue or paid, by their period's month), what of it is paid, and churn —
 * tenants whose subscription lapsed in the month, plus tenants deactivated in it (by their last change, the
 * deactivation being the last thing done to an inactive tenant as a rule). Also today's active devices and
 * tenants.
 */
export async function billingStats(auth: AuthContext, months: number, now = new Date()): Promise<BillingStatsDto> {
  const first = addMonths(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)), 1 - months);
  const keys = Array.from({ length: months }, (_, i) => monthKey(addMonths(first, i)));
  const rows = new Map(
    keys.map((k) => [
      k,
      { month: k, revenue: {} as Record<string, number>, paid: {} as Record<string, number>, churn: 0 },
    ]),
  );

  const [invoices, lapsed, deactivated, activeDevices, activeTenants] = await Promise.all([
    auth.db.invoice.findMany({
      where: { periodStart: { gte: first }, status: { in: ['ISSUED', 'OVERDUE', 'PAID'] } },
      select: { periodStart: true, amountCents: true, currency: true, status: true },
    }),
    auth.db.tenant.findMany({
      where: { subscriptionExpiresAt: { gte: first, lt: now } },
      select: { subscriptionExpiresAt: true },
    }),
    auth.db.tenant.findMany({ where: { active: false, updatedAt: { gte: first } }, select: { updatedAt: true } }),
    auth.db.device.count({ where: { disabled: false, tenantId: { not: null } } }),
    auth.db.tenant.count({ where: { active: true } }),
  ]);
  const currencies = new Set<string>();
  for (const inv of invoices) {
    const row = rows.get(monthKey(inv.periodStart));
    if (!row) continue;
    currencies.add(inv.currency);
    row.revenue[inv.currency] = (row.revenue[inv.currency] ?? 0) + inv.amountCents;
    if (inv.status === 'PAID') row.paid[inv.currency] = (row.paid[inv.currency] ?? 0) + inv.amountCents;
  }
  for (const at of [...lapsed.map((t) => t.subscriptionExpiresAt as Date), ...deactivated.map((t) => t.updatedAt)]) {
    const row = rows.get(monthKey(at));
    if (row) row.churn += 1;
  }
  return { months: [...rows.values()], activeDevices, activeTenants, currencies: [...currencies].sort() };
}
