import type { Page } from '@waymark/contracts/common';
import { messages } from '@waymark/contracts/errors';
import type { TenantInput, TenantListQuery, TenantUpdate } from '@waymark/contracts/tenant';
import { TENANT_PAGE_SIZE } from '@waymark/contracts/tenant';
import type { Prisma } from '@waymark/db/client';
import type { AppContext } from '../../context';
import { conflict, forbidden } from '../../http-error';
import { signalChange } from '../../lib/changes';
import { found } from '../../plugins/app/access-scope';
import type { AuthContext } from '../../plugins/app/auth-context';
import { hashPassword } from '../../security/password';
import { audit } from '../audit/audit.service';
import { checkNotReadonly } from '../shared/readonly';
import { pageArgs, pageOf } from '../shared/v2';
import { sendInvite } from '../users/users.service';
import { disconnectAncestors, revokeSubtreeCredentials } from './tenant-status';

/** What a tenant row is served with: its counts (users, devices, groups, sub-tenants). */
export const TENANT_INCLUDE = {
  _count: { select: { users: true, devices: true, groups: true, children: true } },
} as const satisfies Prisma.TenantInclude;
export type TenantRow = Prisma.TenantGetPayload<{ include: typeof TENANT_INCLUDE }>;

/** Sortable fields of a page of tenants (the first is the default order). */
const SORTABLE = ['name', 'id', 'createdAt', 'active'] as const;

export const SUB_TENANTS_LEFT = 'The tenant has sub-tenants: delete or move them first';
export const DEVICES_LEFT = 'The tenant has devices: unassign them first';

/** One page of the tenants the caller manages (its own and every descendant; platform staff: all). */
export async function pageTenants(auth: AuthContext, q: TenantListQuery): Promise<Page<TenantRow>> {
  const query = { ...q, size: q.size ?? q.limit ?? TENANT_PAGE_SIZE };
  const where: Prisma.TenantWhereInput = {
    ...(q.search ? { name: { contains: q.search, mode: 'insensitive' } } : {}),
    ...(q.status === 'active' ? { active: true } : q.status === 'inactive' ? { active: false } : {}),
  };
  const [total, rows] = await Promise.all([
    auth.db.tenant.count({ where }),
    auth.db.tenant.findMany({ where, include: TENANT_INCLUDE, ...pageArgs(query, SORTABLE) }),
  ]);
  return pageOf(query, rows, total);
}

export async function getTenant(auth: AuthContext, id: number): Promise<TenantRow> {
  return found(await auth.db.tenant.findUnique({ where: { id }, include: TENANT_INCLUDE }));
}

export async function listChildren(auth: AuthContext, id: number): Promise<TenantRow[]> {
  await getTenant(auth, id);
  return auth.db.tenant.findMany({ where: { parentTenantId: id }, include: TENANT_INCLUDE, orderBy: { name: 'asc' } });
}

/**
 * A new tenant with its root group and its owner, in one transaction. A tenant user creates tenants under a
 * tenant it manages; platform staff may also create top-level ones. Without a password the owner is mailed a
 * link to choose one.
 */
export async function createTenant(ctx: AppContext, auth: AuthContext, input: TenantInput): Promise<TenantRow> {
  await checkNotReadonly(ctx, auth);
  const parentTenantId = input.parentTenantId ?? null;
  if (parentTenantId === null && !auth.scope.platform) throw forbidden('Only platform staff create top-level tenants');
  if (parentTenantId !== null) {
    const parent = await getTenant(auth, parentTenantId);
    if (!auth.scope.platform && !auth.scope.tenantIds.includes(parent.id)) {
      throw forbidden('The parent tenant is deactivated');
    }
  }
  const passwordHash = input.owner.password ? await hashPassword(input.owner.password) : null;
  // the new tenant is outside the caller's scope until it exists: its rows are written on the plain client,
  // after the parent was found in that scope
  const created = await ctx.db.$transaction(async (tx) => {
    const tenant = await tx.tenant.create({
      data: {
        name: input.name,
        parentTenantId,
        email: input.email ?? null,
        phone: input.phone ?? null,
        address: input.address ?? null,
      },
    });
    const email = input.owner.email.trim().toLowerCase();
    if (await tx.user.findFirst({ where: { email }, select: { id: true } })) throw conflict(messages.emailTaken);
    const owner = await tx.user.create({ data: { name: input.owner.name, email, tenantId: tenant.id, passwordHash } });
    const group = await tx.group.create({ data: { name: input.name, tenantId: tenant.id, userId: owner.id } });
    await tx.userGroup.create({ data: { userId: owner.id, groupId: group.id } });
    await tx.tenant.update({ where: { id: tenant.id }, data: { userId: owner.id, tenantGroupId: group.id } });
    return { tenant, owner };
  });
  await audit(ctx, {
    action: 'tenant.created',
    userId: auth.user.id,
    tenantId: created.tenant.id,
    objectType: 'tenant',
    objectId: created.tenant.id,
    details: { parentTenantId },
  });
  if (!passwordHash) await sendInvite(ctx, created.owner);
  return found(await ctx.db.tenant.findUnique({ where: { id: created.tenant.id }, include: TENANT_INCLUDE }));
}

export async function updateTenant(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  input: TenantUpdate,
): Promise<TenantRow> {
  await checkNotReadonly(ctx, auth);
  await getTenant(auth, id);
  const tenant = await auth.db.tenant.update({ where: { id }, data: input, include: TENANT_INCLUDE });
  await audit(ctx, {
    action: 'tenant.updated',
    userId: auth.user.id,
    tenantId: id,
    objectType: 'tenant',
    objectId: id,
    details: { fields: Object.keys(input) },
  });
  return tenant;
}

/** A tenant user may not deactivate or delete its own tenant: it would lock itself out. */
function checkNotOwnTenant(auth: AuthContext, id: number, what: string) {
  if (auth.user.tenantId === id) throw forbidden(`You cannot ${what} your own tenant`);
}

/** Deletes a tenant with its users, groups and roles; refused while it has sub-tenants or devices. */
export async function deleteTenant(ctx: AppContext, auth: AuthContext, id: number): Promise<void> {
  await checkNotReadonly(ctx, auth);
  const tenant = await getTenant(auth, id);
  checkNotOwnTenant(auth, id, 'delete');
  if (tenant._count.children > 0) throw conflict(SUB_TENANTS_LEFT);
  if (tenant._count.devices > 0) throw conflict(DEVICES_LEFT);
  // its users go with it (and their sessions); their sockets are closed
  const users = await ctx.db.user.findMany({ where: { tenantId: id }, select: { id: true } });
  await auth.db.tenant.delete({ where: { id } });
  if (users.length > 0) await ctx.live.disconnect({ userIds: users.map((u) => u.id), reason: 'Account deleted' });
  await audit(ctx, {
    action: 'tenant.deleted',
    userId: auth.user.id,
    tenantId: id,
    objectType: 'tenant',
    objectId: id,
  });
}

/**
 * Activates or deactivates a tenant. While deactivated, its users and those of its sub-tenants cannot sign in
 * (their sessions, API tokens and sockets end now), and its devices' data, still stored, is hidden from the
 * tenants above it; the sockets of their users reconnect so that they see the change.
 */
export async function setTenantActive(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  active: boolean,
): Promise<TenantRow> {
  await checkNotReadonly(ctx, auth);
  await getTenant(auth, id);
  checkNotOwnTenant(auth, id, active ? 'activate' : 'deactivate');
  const tenant = await auth.db.tenant.update({
    where: { id },
    data: { active, deactivatedAt: active ? null : new Date() },
    include: TENANT_INCLUDE,
  });
  if (!active) await revokeSubtreeCredentials(ctx, id);
  await disconnectAncestors(ctx, id);
  // the notifications of the tenant and its sub-tenants reach their users again, or no longer
  signalChange('notificationRules');
  await audit(ctx, {
    action: active ? 'tenant.activated' : 'tenant.deactivated',
    userId: auth.user.id,
    tenantId: id,
    objectType: 'tenant',
    objectId: id,
  });
  return tenant;
}
