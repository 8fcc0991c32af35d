import { PLATFORM_PERMISSIONS } from '@waymark/contracts/permissions';
import type { RoleInput } from '@waymark/contracts/role';
import type { Role } from '@waymark/db/client';
import type { AppContext } from '../../context';
import { conflict, forbidden } from '../../http-error';
import { found } from '../../plugins/app/access-scope';
import type { AuthContext } from '../../plugins/app/auth-context';
import { audit } from '../audit/audit.service';
import { checkNotReadonly } from '../shared/readonly';
import { checkPlanGrant, planTemplate, sameFlags } from '../subscriptions/plan-permissions';

/**
 * A role may grant only what its author holds; tenant roles never grant platform flags, nor flags outside the
 * permission template of the tenant's plan (whoever the author: the plan, not the author, bounds the tenant).
 * Flags the role already carries (`kept`) are not asked again of the plan: after a move to a smaller plan they are
 * inert, and an edit such as a rename must not have to strip them first.
 */
async function checkGrant(
  ctx: AppContext,
  auth: AuthContext,
  input: RoleInput,
  tenantId: number | null,
  kept: readonly string[] = [],
) {
  // first: a tenant's staff never hold what their plan leaves out, and the plan is the reason to name
  const added = input.permissions.filter((p) => !kept.includes(p));
  if (tenantId !== null) await checkPlanGrant(ctx.db, tenantId, added);
  const missing = auth.user.administrator ? [] : input.permissions.filter((p) => !auth.permissions.includes(p));
  if (missing.length > 0) {
    throw forbidden(`A role can only grant permissions you hold yourself; you do not hold ${missing.join(', ')}`);
  }
  const reserved = tenantId === null ? [] : input.permissions.filter((p) => PLATFORM_PERMISSIONS.includes(p));
  if (reserved.length > 0) {
    throw forbidden(`${reserved.join(', ')} can only be granted by platform-wide roles, not by a tenant's role`);
  }
}

/**
 * Whether the caller may hand this role to a user of its own tenant: the role grants nothing the caller lacks
 * (administrators hold all), counting only the flags inside the tenant's plan `template` (null: no cap).
 */
function canAssign(auth: AuthContext, role: Role, template: readonly string[] | null): boolean {
  const granted = template ? role.permissions.filter((p) => template.includes(p)) : role.permissions;
  return auth.user.administrator || granted.every((p) => auth.permissions.includes(p as never));
}

/** Every visible role: the caller's tenants' and the platform-wide ones, platform-wide first. */
export async function listRoles(auth: AuthContext, filter: { assignable?: boolean } = {}): Promise<Role[]> {
  const roles = await auth.db.role.findMany({ orderBy: [{ tenantId: 'asc' }, { name: 'asc' }] });
  if (!filter.assignable) return roles;
  // the role picker: the roles the caller may give a user (the same rule the user service checks)
  const template = auth.user.tenantId === null ? null : await planTemplate(auth.db, auth.user.tenantId);
  return roles.filter((r) => canAssign(auth, r, template));
}

export async function getRole(auth: AuthContext, id: number): Promise<Role> {
  return found(await auth.db.role.findUnique({ where: { id } }));
}

async function writable(auth: AuthContext, id: number): Promise<Role> {
  const role = await getRole(auth, id);
  // Platform-wide roles are visible to tenants but only platform staff change them; system roles never change.
  if (role.system) throw forbidden('Built-in roles cannot be changed or deleted');
  if (role.tenantId === null && !auth.scope.platform) {
    throw forbidden('Platform-wide roles can only be changed by platform staff');
  }
  return role;
}

export async function createRole(ctx: AppContext, auth: AuthContext, input: RoleInput): Promise<Role> {
  await checkNotReadonly(ctx, auth);
  const tenantId = input.tenantId === undefined ? (auth.scope.platform ? null : auth.user.tenantId) : input.tenantId;
  if (!auth.scope.platform && (tenantId === null || !auth.scope.tenantIds.includes(tenantId))) {
    throw forbidden('You can only create roles for your own tenant or its sub-tenants');
  }
  await checkGrant(ctx, auth, input, tenantId);
  await unique(auth, input.name, tenantId);
  const role = await auth.db.role.create({
    data: { name: input.name, description: input.description ?? null, tenantId, permissions: input.permissions },
  });
  await audit(ctx, { action: 'role.created', userId: auth.user.id, tenantId, objectType: 'role', objectId: role.id });
  return role;
}

export async function updateRole(ctx: AppContext, auth: AuthContext, id: number, input: RoleInput): Promise<Role> {
  await checkNotReadonly(ctx, auth);
  const current = await writable(auth, id);
  await checkGrant(ctx, auth, input, current.tenantId, current.permissions);
  if (input.name !== current.name) await unique(auth, input.name, current.tenantId);
  const role = await auth.db.role.update({
    where: { id },
    data: { name: input.name, description: input.description ?? null, permissions: input.permissions },
  });
  if (!sameFlags(current.permissions, role.permissions)) {
    // the role's users hold other flags now: their live sockets were opened with the old ones
    const users = await ctx.db.user.findMany({ where: { roleId: id }, select: { id: true } });
    await ctx.live.disconnect({ userIds: users.map((u) => u.id), reason: 'Your role changed' });
  }
  await audit(ctx, {
    action: 'role.updated',
    userId: auth.user.id,
    tenantId: role.tenantId,
    objectType: 'role',
    objectId: id,
  });
  return role;
}

export async function deleteRole(ctx: AppContext, auth: AuthContext, id: number): Promise<void> {
  await checkNotReadonly(ctx, auth);
  const role = await writable(auth, id);
  const users = await ctx.db.user.count({ where: { roleId: id } });
  if (users > 0) throw conflict(`The role is assigned to ${users} user(s)`);
  await auth.db.role.delete({ where: { id } });
  await audit(ctx, {
    action: 'role.deleted',
    userId: auth.user.id,
    tenantId: role.tenantId,
    objectType: 'role',
    objectId: id,
  });
}

async function unique(auth: AuthContext, name: string, tenantId: number | null) {
  const clash = await auth.db.role.findFirst({ where: { name, tenantId } });
  if (clash) throw conflict('A role with this name already exists');
}
