import type { BillingStatsDto } from '@waymark/contracts/billing';
import type { AuthContext } from '../../plugins/app/auth-context';
import { addMonths, monthKey } from './billing-periods';

interface TenantDates {
  id: number;
  createdAt: Date;
  deactivatedAt: Date | null;
  subscriptionExpiresAt: Date | null;
}

/**
 * Churn of each month starting at `starts`: the tenants lost in it, each once — deactivated in the month (by
 * deactivatedAt), or whose subscription lapsed in it (before `now`) — and their share of the tenants active at the
 * month's start (created before it and not deactivated by then; null when there were none). A reactivated tenant
 * has no deactivation date any more: it counts as never lost.
 */
function churnOf(
  tenants: TenantDates[],
  starts: Date[],
  now: Date,
): Array<{ churn: number; churnRate: number | null }> {
  return starts.map((start) => {
    const end = addMonths(start, 1);
    const within = (at: Date | null) => at !== null && at >= start && at < end && at < now;
    let churn = 0;
    let activeAtStart = 0;
    for (const t of tenants) {
      if (within(t.deactivatedAt) || within(t.subscriptionExpiresAt)) churn++;
      if (t.createdAt < start && (t.deactivatedAt === null || t.deactivatedAt >= start)) activeAtStart++;
    }
    return { churn, churnRate: activeAtStart > 0 ? churn / activeAtStart : null };
  });
}

/**
 * Billing figures of the caller's tenants over the last `months` months, this one included: revenue by month
 * and currency (invoices issued, overdue or paid, by their period's month), what of it is paid, and churn (see
 * churnOf). Also today's active devices and tenants.
 */
export async function billingStats(auth: AuthContext, months: number, now = new Date()): Promise<BillingStatsDto> {
  const first = addMonths(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)), 1 - months);
  const starts = Array.from({ length: months }, (_, i) => addMonths(first, i));
  const [invoices, tenants, activeDevices, activeTenants] = await Promise.all([
    auth.db.invoice.findMany({
      where: { periodStart: { gte: first }, status: { in: ['ISSUED', 'OVERDUE', 'PAID'] } },
      select: { periodStart: true, amountCents: true, currency: true, status: true },
    }),
    auth.db.tenant.findMany({
      where: { createdAt: { lt: now } },
      select: { id: true, createdAt: true, deactivatedAt: true, subscriptionExpiresAt: true },
    }),
    auth.db.device.count({ where: { disabled: false, tenantId: { not: null } } }),
    auth.db.tenant.count({ where: { active: true } }),
  ]);
  const churn = churnOf(tenants, starts, now);
  const rows = new Map(
    starts.map((start, i) => [
      monthKey(start),
      {
        month: monthKey(start),
        revenue: {} as Record<string, number>,
        paid: {} as Record<string, number>,
        ...(churn[i] as { churn: number; churnRate: number | null }),
      },
    ]),
  );
  const currencies = new Set<string>();
  for (const inv of invoices) {
    const row = rows.get(monthKey(inv.periodStart));
    if (!row) continue;
    currencies.add(inv.currency);
    row.revenue[inv.currency] = (row.revenue[inv.currency] ?? 0) + inv.amountCents;
    if (inv.status === 'PAID') row.paid[inv.currency] = (row.paid[inv.currency] ?? 0) + inv.amountCents;
  }
  return { months: [...rows.values()], activeDevices, activeTenants, currencies: [...currencies].sort() };
}
