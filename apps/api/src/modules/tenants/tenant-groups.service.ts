import type { Page, PageQuery } from '@waymark/contracts/common';
import type { Prisma } from '@waymark/db/client';
import type { AppContext } from '../../context';
import { badRequest, conflict } from '../../http-error';
import { found } from '../../plugins/app/access-scope';
import type { AuthContext } from '../../plugins/app/auth-context';
import { audit } from '../audit/audit.service';
import { checkNotReadonly } from '../shared/readonly';
import { pageArgs, pageOf } from '../shared/v2';
import { getTenant } from './tenants.service';

/** A group is served with its tenant (for the admin UI's attribute mirror). */
export const GROUP_INCLUDE = {
  tenant: { select: { id: true, name: true, parentTenantId: true, tenantGroupId: true } },
} as const satisfies Prisma.GroupInclude;
export type TenantGroupRow = Prisma.GroupGetPayload<{ include: typeof GROUP_INCLUDE }>;

const SORTABLE = ['name', 'id', 'createdAt'] as const;

export const ROOT_GROUP = "The tenant's own group cannot be deleted";

/** One page of the groups of a tenant (or of every tenant the caller sees). */
export async function pageTenantGroups(
  auth: AuthContext,
  q: PageQuery & { tenantId?: number },
): Promise<Page<TenantGroupRow>> {
  if (q.tenantId !== undefined) await getTenant(auth, q.tenantId);
  const where: Prisma.GroupWhereInput = {
    tenantId: q.tenantId ?? { not: null },
    ...(q.search ? { name: { contains: q.search, mode: 'insensitive' } } : {}),
  };
  const [total, rows] = await Promise.all([
    auth.db.group.count({ where }),
    auth.db.group.findMany({ where, include: GROUP_INCLUDE, ...pageArgs(q, SORTABLE) }),
  ]);
  return pageOf(q, rows, total);
}

async function getGroup(auth: AuthContext, id: number): Promise<TenantGroupRow> {
  return found(await auth.db.group.findUnique({ where: { id }, include: GROUP_INCLUDE }));
}

/** A group of this tenant, or a 404 (a group of another tenant included). */
async function tenantGroup(auth: AuthContext, tenantId: number, groupId: number): Promise<TenantGroupRow> {
  const group = await getGroup(auth, groupId);
  if (group.tenantId !== tenantId) throw found(null);
  return group;
}

/** A new group of a tenant, under its root group, belonging to a user of that tenant. */
export async function createTenantGroup(
  ctx: AppContext,
  auth: AuthContext,
  tenantId: number,
  input: { name: string; userId: number },
): Promise<TenantGroupRow> {
  await checkNotReadonly(ctx, auth);
  const tenant = await getTenant(auth, tenantId);
  const owner = await auth.db.user.findUnique({ where: { id: input.userId }, select: { tenantId: true } });
  if (!owner || owner.tenantId !== tenantId) throw badRequest('The group must belong to a user of the tenant');
  const group = await auth.db.group.create({
    data: { name: input.name, tenantId, userId: input.userId, parentGroupId: tenant.tenantGroupId },
    include: GROUP_INCLUDE,
  });
  await auditGroup(ctx, auth, 'group.created', group);
  return group;
}

export async function renameTenantGroup(
  ctx: AppContext,
  auth: AuthContext,
  tenantId: number,
  groupId: number,
  name: string,
): Promise<TenantGroupRow> {
  await checkNotReadonly(ctx, auth);
  await tenantGroup(auth, tenantId, groupId);
  const group = await auth.db.group.update({ where: { id: groupId }, data: { name }, include: GROUP_INCLUDE });
  await auditGroup(ctx, auth, 'group.updated', group);
  return group;
}

/** Deletes a tenant's group (its devices are left without a group); a tenant's root group stays. */
export async function deleteTenantGroup(ctx: AppContext, auth: AuthContext, groupId: number): Promise<void> {
  await checkNotReadonly(ctx, auth);
  const group = await getGroup(auth, groupId);
  if (group.tenant === null) throw found(null);
  if (group.tenant.tenantGroupId === groupId) throw conflict(ROOT_GROUP);
  await auth.db.group.delete({ where: { id: groupId } });
  await auditGroup(ctx, auth, 'group.deleted', group);
}

export async function setTenantGroupActive(
  ctx: AppContext,
  auth: AuthContext,
  groupId: number,
  active: boolean,
): Promise<TenantGroupRow> {
  await checkNotReadonly(ctx, auth);
  const current = await getGroup(auth, groupId);
  if (current.tenant === null) throw found(null);
  const group = await auth.db.group.update({ where: { id: groupId }, data: { active }, include: GROUP_INCLUDE });
  await auditGroup(ctx, auth, active ? 'group.activated' : 'group.deactivated', group);
  return group;
}

function auditGroup(ctx: AppContext, auth: AuthContext, action: string, group: TenantGroupRow) {
  return audit(ctx, {
    action,
    userId: auth.user.id,
    tenantId: group.tenantId,
    objectType: 'group',
    objectId: group.id,
  });
}
