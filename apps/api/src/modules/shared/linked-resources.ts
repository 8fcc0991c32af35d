import type { Prisma } from '@waymark/db/client';
import type { AppContext } from '../../context';
import { audit } from '../audit/audit';
import type { AuthContext } from '../session/auth-context';
import type { ListLinks, ListQuery } from './list-query';
import { listConditions } from './list-query';

/** UserLink kinds (schema.prisma): Traccar's permission links of a user to objects. */
export type LinkKind = 'geofence' | 'notification' | 'calendar' | 'driver' | 'command' | 'maintenance' | 'attribute';

type IdWhere = { id: { in: number[] } };
type TenantWhere = { tenantId: null };

/**
 * The conditions of a list call on a resource linked to users through UserLink rows of `kind`: Traccar's list
 * parameters (see list-query.ts), plus `all`: platform staff see the platform's own rows (no tenant) unless
 * they ask for all; tenant users see their tenants' rows either way (the access scope limits them).
 */
export async function linkedListConditions<W>(
  auth: AuthContext,
  q: ListQuery,
  kind: LinkKind | null,
  links: Omit<ListLinks<W>, 'user'> & { user?: ListLinks<W>['user'] },
): Promise<W[]> {
  let user = links.user;
  if (!user && kind && q.userId !== undefined) {
    const rows = await auth.db.userLink.findMany({ where: { userId: q.userId, kind }, select: { objectId: true } });
    const ids = rows.map((r) => r.objectId);
    user = () => ({ id: { in: ids } }) satisfies IdWhere as W;
  }
  const where = await listConditions<W>(auth, q, { ...links, ...(user ? { user } : {}) });
  if (auth.scope.platform && !q.all) where.push({ tenantId: null } satisfies TenantWhere as W);
  return where;
}

/** Links a new object to the user who made it (Traccar does so), inside the creating transaction. */
export async function linkCreator(
  tx: Prisma.TransactionClient,
  userId: number,
  kind: LinkKind,
  objectId: number,
): Promise<void> {
  await tx.userLink.create({ data: { userId, kind, objectId } });
}

/** Removes every user link to an object being deleted (UserLink has no foreign key to it). */
export async function unlinkAll(tx: Prisma.TransactionClient, kind: LinkKind, objectId: number): Promise<void> {
  await tx.userLink.deleteMany({ where: { kind, objectId } });
}

/**
 * Deletes a user-linked object: its user links and the row in one transaction (`remove` deletes the row; the
 * schema's cascades and set-nulls handle device and group links), then the audit entry `<auditName>.deleted`.
 */
export async function deleteLinked(
  ctx: AppContext,
  auth: AuthContext,
  kind: LinkKind,
  row: { id: number; tenantId: number | null },
  remove: (tx: Prisma.TransactionClient) => Promise<unknown>,
  audited: { action: string; objectType: string },
): Promise<void> {
  await auth.db.$transaction(async (tx) => {
    await unlinkAll(tx, kind, row.id);
    await remove(tx);
  });
  await audit(ctx, {
    action: audited.action,
    userId: auth.user.id,
    tenantId: row.tenantId,
    objectType: audited.objectType,
    objectId: row.id,
  });
}

/** The tenant a new row belongs to: the caller's for tenant users, the body's (or none) for platform staff. */
export function newRowTenant(auth: AuthContext, requested: number | null | undefined): number | null {
  if (!auth.scope.platform) return requested ?? auth.user.tenantId;
  return requested ?? null;
}
