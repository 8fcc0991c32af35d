import type { Page, PageQuery } from '@waymark/contracts/common';
import { PLATFORM_PERMISSIONS } from '@waymark/contracts/permissions';
import type { TenantUserInput, TenantUserUpdate, UserGroupMapping } from '@waymark/contracts/tenant';
import type { Prisma } from '@waymark/db/client';
import type { AppContext } from '../../context';
import { badRequest, forbidden } from '../../http-error';
import { found } from '../../plugins/app/access-scope';
import type { AuthContext, UserWithRole } from '../../plugins/app/auth-context';
import { cappedPermissions } from '../../plugins/app/auth-context';
import { hashPassword } from '../../security/password';
import { audit } from '../audit/audit.service';
import { revokeCredentials } from '../session/session.service';
import { checkNotReadonly } from '../shared/readonly';
import { pageArgs, pageOf } from '../shared/v2';
import { flagsUnderPlan } from '../subscriptions/plan-permissions';
import { insertUser, sendInvite } from '../users/users.service';
import { getTenant } from './tenants.service';

const SORTABLE = ['name', 'id', 'email', 'createdAt'] as const;

export const ROLE_NOT_ALLOWED = "The role must be one of the tenant's roles or a platform-wide non-admin role";

export async function pageTenantUsers(auth: AuthContext, tenantId: number, q: PageQuery): Promise<Page<UserWithRole>> {
  await getTenant(auth, tenantId);
  const where: Prisma.UserWhereInput = {
    tenantId,
    ...(q.search
      ? {
          OR: [
            { name: { contains: q.search, mode: 'insensitive' } },
            { email: { contains: q.search, mode: 'insensitive' } },
          ],
        }
      : {}),
  };
  const [total, rows] = await Promise.all([
    auth.db.user.count({ where }),
    auth.db.user.findMany({ where, include: { role: true }, ...pageArgs(q, SORTABLE) }),
  ]);
  return pageOf(q, rows, total);
}

/** A user of a tenant the caller manages, or a 404. */
async function tenantUser(auth: AuthContext, id: number): Promise<UserWithRole> {
  const user = found(await auth.db.user.findUnique({ where: { id }, include: { role: true } }));
  if (user.tenantId === null) throw found(null);
  return user;
}

/** Another user is the caller's to change only when it holds no flag the caller lacks (administrators excepted). */
async function manageableUser(auth: AuthContext, id: number): Promise<UserWithRole> {
  const user = await tenantUser(auth, id);
  if (auth.user.administrator || id === auth.user.id) return user;
  const held = new Set(auth.permissions);
  // the target's flags as its plan leaves them, like the caller's own
  if (user.administrator || (await cappedPermissions(auth.db, user)).some((p) => !held.has(p))) {
    throw forbidden('This user holds permissions you do not hold');
  }
  return user;
}

/**
 * The role a tenant user may get: one of that tenant's roles or a platform-wide role that grants no platform
 * flag, and never a flag the caller does not hold itself.
 */
async function checkTenantRole(auth: AuthContext, tenantId: number, roleId: number | null | undefined) {
  if (roleId == null) return;
  const role = await auth.db.role.findUnique({ where: { id: roleId } });
  if (!role) throw badRequest('Unknown role');
  const platformWide =
    role.tenantId === null && !role.permissions.some((p) => PLATFORM_PERMISSIONS.includes(p as never));
  if (role.tenantId !== tenantId && !platformWide) throw badRequest(ROLE_NOT_ALLOWED);
  // counted as the user will hold them: flags the tenant's plan leaves out grant nothing
  const granted = await flagsUnderPlan(auth.db, tenantId, role.permissions);
  if (!auth.user.administrator && granted.some((p) => !auth.permissions.includes(p as never))) {
    throw forbidden('The role grants permissions you do not hold');
  }
}

/** A new user of a tenant; without a password it is mailed a link to choose one. */
export async function createTenantUser(
  ctx: AppContext,
  auth: AuthContext,
  tenantId: number,
  input: TenantUserInput,
): Promise<UserWithRole> {
  await checkNotReadonly(ctx, auth);
  await getTenant(auth, tenantId);
  await checkTenantRole(auth, tenantId, input.roleId);
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  const user = await insertUser(auth.db, {
    name: input.name,
    email: input.email,
    phone: input.phone ?? null,
    roleId: input.roleId ?? null,
    tenantId,
    passwordHash,
  });
  await auditUser(ctx, auth, 'user.created', user);
  if (!passwordHash) await sendInvite(ctx, user);
  return user;
}

export async function updateTenantUser(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  input: TenantUserUpdate,
): Promise<UserWithRole> {
  await checkNotReadonly(ctx, auth);
  const current = await manageableUser(auth, id);
  if (input.roleId !== undefined && input.roleId !== current.roleId) {
    if (id === auth.user.id) throw forbidden('You cannot change your own role');
    await checkTenantRole(auth, current.tenantId as number, input.roleId);
  }
  const user = await auth.db.user.update({ where: { id }, data: input, include: { role: true } });
  if (user.roleId !== current.roleId) await ctx.live.disconnect({ userIds: [id], reason: 'Your access changed' });
  await auditUser(ctx, auth, 'user.updated', user);
  return user;
}

/** Deactivating a user ends its sessions, API tokens and sockets; it cannot sign in until activated again. */
export async function setTenantUserActive(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  active: boolean,
): Promise<UserWithRole> {
  await checkNotReadonly(ctx, auth);
  await manageableUser(auth, id);
  if (id === auth.user.id && !active) throw forbidden('You cannot deactivate your own account');
  const user = await auth.db.user.update({ where: { id }, data: { active }, include: { role: true } });
  if (!active) await revokeCredentials(ctx, id, 'Account disabled');
  await auditUser(ctx, auth, active ? 'user.activated' : 'user.deactivated', user);
  return user;
}

/** Each user of the tenant (by id, as text) → the groups it belongs to; users without a group are left out. */
export async function userGroupMapping(auth: AuthContext, tenantId: number): Promise<UserGroupMapping> {
  await getTenant(auth, tenantId);
  const users = await auth.db.user.findMany({ where: { tenantId }, select: { id: true } });
  const links = await auth.db.userGroup.findMany({
    where: { userId: { in: users.map((u) => u.id) }, group: { tenantId } },
    include: { group: { select: { id: true, name: true } } },
    orderBy: [{ userId: 'asc' }, { groupId: 'asc' }],
  });
  const mapping: UserGroupMapping = {};
  for (const link of links) {
    const key = String(link.userId);
    mapping[key] = [...(mapping[key] ?? []), link.group];
  }
  return mapping;
}

/** Adds or removes a user's membership of a group of the same tenant. */
export async function setUserGroup(
  ctx: AppContext,
  auth: AuthContext,
  userId: number,
  groupId: number,
  member: boolean,
): Promise<void> {
  await checkNotReadonly(ctx, auth);
  const user = await tenantUser(auth, userId);
  const group = found(await auth.db.group.findUnique({ where: { id: groupId }, select: { tenantId: true } }));
  if (group.tenantId !== user.tenantId) throw badRequest('The group and the user belong to different tenants');
  if (member) {
    await auth.db.userGroup.upsert({
      where: { userId_groupId: { userId, groupId } },
      create: { userId, groupId },
      update: {},
    });
  } else {
    await auth.db.userGroup.deleteMany({ where: { userId, groupId } });
  }
  await audit(ctx, {
    action: member ? 'user.group_added' : 'user.group_removed',
    userId: auth.user.id,
    tenantId: user.tenantId,
    objectType: 'user',
    objectId: userId,
    details: { groupId },
  });
}

function auditUser(ctx: AppContext, auth: AuthContext, action: string, user: UserWithRole) {
  return audit(ctx, { action, userId: auth.user.id, tenantId: user.tenantId, objectType: 'user', objectId: user.id });
}
