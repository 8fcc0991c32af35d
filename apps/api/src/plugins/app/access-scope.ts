import type { Db } from '@waymark/db/client';
import { forbidden, notFound } from '../../http-error';

/** Who is asking, in terms the data layer understands. */
export interface AccessScope {
  userId: number;
  /** platform staff (no tenant): every tenant is in scope */
  platform: boolean;
  /** the user's tenant first, then its descendants, leaving out deactivated tenants and everything under them */
  tenantIds: number[];
  /** the tenant rows the caller manages: its tenant and every descendant, deactivated ones too (so it can
   * reactivate them); tenantIds when absent */
  managedTenantIds?: number[];
}

/** Models whose rows belong to a tenant through their tenantId column (checked against schema.prisma by a test). */
export const TENANT_OWNED_MODELS = [
  'User',
  'Role',
  'Group',
  'Device',
  'SimCard',
  'Position',
  'Event',
  'Geofence',
  'Route',
  'Poi',
  'Calendar',
  'Notification',
  'Command',
  'QueuedCommand',
  'Driver',
  'Maintenance',
  'ComputedAttribute',
  'ScheduledReport',
  'Invoice',
  'BillingNotification',
  'BillingNotice',
  'ShareLink',
  'AuditLog',
  'NotificationDelivery',
  'PetProfile',
  'Forwarding',
] as const;

/** Rows with no tenant that every tenant may read (not change): platform-wide roles. */
const SHARED_READ = new Set<string>(['Role']);

const tenantOwned = new Set<string>(TENANT_OWNED_MODELS);
const READS = new Set([
  'findUnique',
  'findUniqueOrThrow',
  'findFirst',
  'findFirstOrThrow',
  'findMany',
  'count',
  'aggregate',
  'groupBy',
]);
const FILTERED_WRITES = new Set(['update', 'updateMany', 'updateManyAndReturn', 'delete', 'deleteMany', 'upsert']);
const CREATES = new Set(['create', 'createMany', 'createManyAndReturn']);

type Args = { where?: Record<string, unknown>; data?: unknown; create?: unknown; update?: unknown };

/**
 * A Prisma client that can only see and change rows of the caller's tenants: every query on a tenant-owned
 * model gets a tenant filter, every create or tenant change is checked. Platform staff get the plain client.
 * A foreign id therefore behaves exactly like a missing one (404).
 */
export function scopedDb(db: Db, scope: AccessScope): Db {
  if (scope.platform) return db;
  const ids = scope.tenantIds;
  const managed = scope.managedTenantIds ?? ids;
  const own = ids[0];
  const checkTenant = (tenantId: unknown, within: number[] = ids) => {
    if (tenantId === undefined) return;
    if (typeof tenantId !== 'number' || !within.includes(tenantId)) throw forbidden();
  };
  const fillTenant = (data: unknown) => {
    if (!data || typeof data !== 'object') return;
    const row = data as Record<string, unknown>;
    if (row.tenantId === undefined && row.tenant === undefined) row.tenantId = own;
    checkTenant(row.tenantId);
    if (row.tenant !== undefined) throw forbidden();
  };
  return db.$extends({
    name: 'tenant-scope',
    query: {
      $allModels: {
        async $allOperations({ model, operation, args, query }) {
          const a = (args ?? {}) as Args;
          if (model === 'Tenant') {
            if (READS.has(operation) || FILTERED_WRITES.has(operation)) {
              a.where = withFilter(a.where, { id: { in: managed } });
              if (operation === 'update' || operation === 'updateMany') {
                checkTenant((a.data as Record<string, unknown> | undefined)?.parentTenantId, managed);
              }
            } else if (CREATES.has(operation)) {
              const rows = Array.isArray(a.data) ? a.data : [a.data];
              for (const row of rows) {
                const parent = (row as Record<string, unknown>).parentTenantId;
                if (parent === undefined || parent === null) throw forbidden();
                checkTenant(parent);
              }
            }
            return query(a);
          }
          if (!tenantOwned.has(model)) return query(a);
          if (READS.has(operation)) {
            const filter = SHARED_READ.has(model)
              ? { OR: [{ tenantId: { in: ids } }, { tenantId: null }] }
              : { tenantId: { in: ids } };
            a.where = withFilter(a.where, filter);
          } else if (FILTERED_WRITES.has(operation)) {
            a.where = withFilter(a.where, { tenantId: { in: ids } });
            checkTenant((a.data as Record<string, unknown> | undefined)?.tenantId);
            checkTenant((a.update as Record<string, unknown> | undefined)?.tenantId);
            if (a.create) fillTenant(a.create);
          } else if (CREATES.has(operation)) {
            const rows = Array.isArray(a.data) ? a.data : [a.data];
            for (const row of rows) fillTenant(row);
          }
          return query(a);
        },
      },
    },
  }) as unknown as Db;
}

/** Adds a condition beside the caller's, keeping unique fields at the top (findUnique, update, delete). */
function withFilter(
  where: Record<string, unknown> | undefined,
  filter: Record<string, unknown>,
): Record<string, unknown> {
  const base = where ?? {};
  const and = base.AND === undefined ? [] : Array.isArray(base.AND) ? base.AND : [base.AND];
  return { ...base, AND: [...and, filter] };
}

/**
 * The tenant and all its descendants, the tenant first: `visible` leaves out deactivated descendants and
 * everything under them (their rows are hidden from the tenants above until reactivation), `managed` keeps them.
 */
export async function tenantSubtree(db: Db, tenantId: number): Promise<{ visible: number[]; managed: number[] }> {
  const rows = await db.$queryRaw<{ id: number; visible: boolean }[]>`
    WITH RECURSIVE tree(id, visible) AS (
      SELECT id, true FROM tenants WHERE id = ${tenantId}
      UNION SELECT t.id, tree.visible AND t.active FROM tenants t JOIN tree ON t."parentTenantId" = tree.id
    ) SELECT id, visible FROM tree`;
  const rest = rows.filter((r) => r.id !== tenantId);
  return {
    visible: [tenantId, ...rest.filter((r) => r.visible).map((r) => r.id)],
    managed: [tenantId, ...rest.map((r) => r.id)],
  };
}

/** The tenant and its visible descendants (see tenantSubtree), the tenant first. */
export async function tenantTree(db: Db, tenantId: number): Promise<number[]> {
  return (await tenantSubtree(db, tenantId)).visible;
}

/** For a service: raises the 404 a foreign row must give. */
export function found<T>(row: T | null | undefined, message?: string): T {
  if (row == null) throw notFound(message);
  return row;
}
