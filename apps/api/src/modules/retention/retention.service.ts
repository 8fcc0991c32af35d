import type { Retention, TenantRetention } from '@waymark/contracts/retention';
import type { Db } from '@waymark/db/client';
import type { Sql } from '../../history/partitions';
import { listPartitions } from '../../history/partitions';
import { badRequest } from '../../http-error';
import { found } from '../../plugins/app/access-scope';
import type { AuthContext } from '../../plugins/app/auth-context';

const shorter = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));

/** The partition queries through a Prisma client (one statement each, outside any transaction). */
const prismaSql = (db: Db): Sql =>
  ({
    query: async (text: string, values: unknown[] = []) => ({ rows: await db.$queryRawUnsafe(text, ...values) }),
  }) as unknown as Sql;

async function serverDays(db: Db): Promise<number | null> {
  const server = await db.server.findUnique({ where: { id: 1 }, select: { retentionDays: true } });
  return server?.retentionDays ?? null;
}

/** The server's retention, the tenants that keep less, the months stored and the purges still running. */
export async function getRetention(auth: AuthContext): Promise<Retention> {
  const days = await serverDays(auth.db);
  const tenants = await auth.db.tenant.findMany({
    where: { retentionDays: { not: null } },
    select: { id: true, name: true, retentionDays: true },
    orderBy: { id: 'asc' },
  });
  return {
    serverDays: days,
    tenants: tenants.map((t) => ({
      tenantId: t.id,
      name: t.name,
      retentionDays: t.retentionDays,
      effectiveDays: shorter(t.retentionDays, days),
    })),
    partitions: (await listPartitions(prismaSql(auth.db))).map((p) => ({
      table: p.table,
      name: p.name,
      from: p.from.toISOString(),
      to: p.to.toISOString(),
      rows: p.rows,
      bytes: p.bytes,
    })),
    pendingPurges: await auth.db.devicePurge.count(),
  };
}

/**
 * Sets a tenant's retention: never longer than the server's (a tenant cannot keep what the server drops).
 * null follows the server.
 */
export async function setTenantRetention(
  auth: AuthContext,
  tenantId: number,
  retentionDays: number | null,
): Promise<TenantRetention> {
  const tenant = found(await auth.db.tenant.findUnique({ where: { id: tenantId } }), 'Tenant not found');
  const days = await serverDays(auth.db);
  if (retentionDays !== null && days !== null && retentionDays > days)
    throw badRequest(`A tenant keeps its history at most as long as the server: ${days} days`);
  const row = await auth.db.tenant.update({ where: { id: tenant.id }, data: { retentionDays } });
  return {
    tenantId: row.id,
    name: row.name,
    retentionDays: row.retentionDays,
    effectiveDays: shorter(row.retentionDays, days),
  };
}
