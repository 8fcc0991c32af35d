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

/**
 * Positions per UTC day over the last `days` days, days without positions included. One count grouped by day:
 * positions are partitioned by month on fixTime, so the range prunes to the one or two monthly partitions it
 * touches and the count reads only those rows (no per-row JSON, no sort beyond the 30 groups).
 */
async function positionsPerDay(auth: AuthContext, now: Date, days: number): Promise<Dashboard['positionsPerDay']> {
  const start = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS - (days - 1) * DAY_MS);
  const scope = auth.scope.platform ? Prisma.empty : Prisma.sql`AND "tenantId" = ANY(${auth.scope.tenantIds}::int[])`;
  const rows = await auth.db.$queryRaw<{ day: string; count: bigint }[]>`
    SELECT to_char(date_trunc('day', "fixTime"), 'YYYY-MM-DD') AS day, count(*) AS count
    FROM positions
    WHERE "fixTime" >= ${start} AND "fixTime" <= ${now} ${scope}
    GROUP BY 1`;
  const counts = new Map(rows.map((r) => [r.day, Number(r.count)]));
  return Array.from({ length: days }, (_, i) => {
    const day = new Date(start.getTime() + i * DAY_MS).toISOString().slice(0, 10);
    return { day, count: counts.get(day) ?? 0 };
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
