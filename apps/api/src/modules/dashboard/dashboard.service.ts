import type { Dashboard } from '@waymark/contracts/dashboard';
import {
  CONNECTION_STATUSES,
  DASHBOARD_EXPIRY_DAYS,
  DASHBOARD_POSITION_DAYS,
  DASHBOARD_TOP_TENANTS,
  STOCK_STATUSES,
} from '@waymark/contracts/dashboard';
import { SIM_STATUSES } from '@waymark/contracts/sim';
import { Prisma } from '@waymark/db/client';
import type { AuthContext } from '../../plugins/app/auth-context';

const DAY_MS = 86_400_000;

/** Counts of `keys`, zero for those absent from `rows`. */
function tally<K extends string>(keys: readonly K[], rows: { key: string | null; count: number }[]): Record<K, number> {
  const out = Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;
  for (const row of rows) if (row.key !== null && row.key in out) out[row.key as K] += row.count;
  return out;
}

/** How long the counts of complete days are kept before they are counted again (late positions, purges). */
const PAST_DAYS_TTL_MS = 3_600_000;
const pastDays = new Map<string, { at: number; counts: Map<string, number> }>();

/** Positions per UTC day in [from, to), one count grouped by day, within the caller's tenants. */
async function countByDay(auth: AuthContext, from: Date, to: Date): Promise<Map<string, number>> {
  const scope = auth.scope.platform ? Prisma.empty : Prisma.sql`AND "tenantId" = ANY(${auth.scope.tenantIds}::int[])`;
  const rows = await auth.db.$queryRaw<{ day: string; count: bigint }[]>`
    SELECT to_char(date_trunc('day', "fixTime"), 'YYYY-MM-DD') AS day, count(*) AS count
    FROM positions
    WHERE "fixTime" >= ${from} AND "fixTime" < ${to} ${scope}
    GROUP BY 1`;
  return new Map(rows.map((r) => [r.day, Number(r.count)]));
}

/**
 * Positions per UTC day over the last `days` days, days without positions included. Positions are partitioned
 * by month on fixTime, so the range prunes to the one or two monthly partitions it touches; still, counting
 * 30 days reads every position of those days (about 2.4 s for a million, docs/benchmarks.md). So the complete
 * days are counted once an hour per scope and kept in memory, and only today is counted on every call.
 */
async function positionsPerDay(auth: AuthContext, now: Date, days: number): Promise<Dashboard['positionsPerDay']> {
  const today = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);
  const start = new Date(today.getTime() - (days - 1) * DAY_MS);
  const key = `${auth.scope.platform ? 'all' : [...auth.scope.tenantIds].sort((a, b) => a - b).join(',')}@${start.toISOString()}`;
  let past = pastDays.get(key);
  if (!past || now.getTime() - past.at > PAST_DAYS_TTL_MS) {
    past = { at: now.getTime(), counts: await countByDay(auth, start, today) };
    for (const [k, v] of pastDays) if (now.getTime() - v.at > PAST_DAYS_TTL_MS) pastDays.delete(k);
    pastDays.set(key, past);
  }
  const current = await countByDay(auth, today, new Date(now.getTime() + 1));
  return Array.from({ length: days }, (_, i) => {
    const day = new Date(start.getTime() + i * DAY_MS).toISOString().slice(0, 10);
    return { day, count: (past.counts.get(day) ?? 0) + (current.get(day) ?? 0) };
  });
}

/** The admin dashboard: every figure counts only the caller's tenants (all of them for platform staff). */
export async function dashboard(auth: AuthContext, now = new Date()): Promise<Dashboard> {
  const db = auth.db;
  const overdue = {
    OR: [{ status: 'OVERDUE' as const }, { status: 'ISSUED' as const, dueAt: { lt: now } }],
  };
  const [tenants, users, byStock, byConnection, sims, expiring, invoices, perDay, top] = await Promise.all([
    db.tenant.groupBy({ by: ['active'], _count: { _all: true } }),
    db.user.count(),
    db.device.groupBy({ by: ['stockStatus'], _count: { _all: true } }),
    db.device.groupBy({ by: ['status'], _count: { _all: true } }),
    db.simCard.groupBy({ by: ['status'], _count: { _all: true } }),
    db.tenant.findMany({
      where: { subscriptionExpiresAt: { gte: now, lte: new Date(now.getTime() + DASHBOARD_EXPIRY_DAYS * DAY_MS) } },
      select: { id: true, name: true, subscriptionExpiresAt: true },
      orderBy: { subscriptionExpiresAt: 'asc' },
      take: 100,
    }),
    db.invoice.groupBy({ by: ['currency'], where: overdue, _count: { _all: true }, _sum: { amountCents: true } }),
    positionsPerDay(auth, now, DASHBOARD_POSITION_DAYS),
    db.device.groupBy({
      by: ['tenantId'],
      where: { tenantId: { not: null } },
      _count: { _all: true },
      orderBy: [{ _count: { tenantId: 'desc' } }, { tenantId: 'asc' }],
      take: DASHBOARD_TOP_TENANTS,
    }),
  ]);
  const names = new Map(
    (
      await db.tenant.findMany({
        where: { id: { in: top.map((t) => t.tenantId as number) } },
        select: { id: true, name: true },
      })
    ).map((t) => [t.id, t.name]),
  );
  const stock = tally(
    STOCK_STATUSES,
    byStock.map((r) => ({ key: r.stockStatus, count: r._count._all })),
  );
  return {
    tenants: {
      active: tenants.find((t) => t.active)?._count._all ?? 0,
      inactive: tenants.find((t) => !t.active)?._count._all ?? 0,
    },
    users,
    devices: {
      total: Object.values(stock).reduce((a, b) => a + b, 0),
      byStock: stock,
      byConnection: tally(
        CONNECTION_STATUSES,
        byConnection.map((r) => ({
          key: CONNECTION_STATUSES.includes(r.status as never) ? r.status : 'unknown',
          count: r._count._all,
        })),
      ),
    },
    sims: tally(
      SIM_STATUSES,
      sims.map((r) => ({ key: r.status, count: r._count._all })),
    ),
    expiringSubscriptions: expiring.map((t) => ({
      tenantId: t.id,
      name: t.name,
      expiresAt: (t.subscriptionExpiresAt as Date).toISOString(),
    })),
    overdueInvoices: {
      count: invoices.reduce((a, r) => a + r._count._all, 0),
      amounts: invoices.map((r) => ({ currency: r.currency, amountCents: r._sum.amountCents ?? 0 })),
    },
    positionsPerDay: perDay,
    topTenants: top.map((t) => ({
      tenantId: t.tenantId as number,
      name: names.get(t.tenantId as number) ?? '',
      devices: t._count._all,
    })),
  };
}
