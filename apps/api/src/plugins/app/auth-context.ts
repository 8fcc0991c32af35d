import type { Permission } from '@waymark/contracts/permissions';
import { PERMISSIONS, PLATFORM_PERMISSIONS } from '@waymark/contracts/permissions';
import type { Db, Role, User } from '@waymark/db/client';
import { planTemplate } from '../../modules/subscriptions/plan-permissions';
import type { AccessScope } from './access-scope';
import { scopedDb, tenantSubtree } from './access-scope';

export type UserWithRole = User & { role: Role | null };

/** The caller of a request: the user, its effective permissions, and a database limited to its tenants. */
export interface AuthContext {
  user: UserWithRole;
  permissions: Permission[];
  scope: AccessScope;
  db: Db;
  /** auth session of the request, when it came with one */
  sessionId?: string;
  method: 'bearer' | 'cookie' | 'basic' | 'api-token';
  /** the administrator who opened this session as the user ("connect as user"), when one did */
  impersonatorId?: number;
}

/**
 * Administrators hold every flag; others hold their role's flags, platform-only flags only as platform staff.
 * A tenant's user holds no flag outside `template`, its plan's permission template (planTemplate; null: no cap),
 * so a smaller plan narrows its users at once without rewriting their roles. Platform staff are never capped.
 */
export function effectivePermissions(user: UserWithRole, template: readonly Permission[] | null = null): Permission[] {
  const held = new Set(user.administrator ? PERMISSIONS : (user.role?.permissions ?? []));
  const capped = user.tenantId !== null && template !== null;
  return PERMISSIONS.filter(
    (p) =>
      held.has(p) &&
      (user.administrator || user.tenantId === null || !PLATFORM_PERMISSIONS.includes(p)) &&
      (!capped || template.includes(p)),
  );
}

/** A user's effective permissions under its tenant's plan, for a user other than the request's caller. */
export async function cappedPermissions(db: Pick<Db, '$queryRaw'>, user: UserWithRole): Promise<Permission[]> {
  return effectivePermissions(user, user.tenantId === null ? null : await planTemplate(db, user.tenantId));
}

/** Why this user may not sign in now, or null. */
export function accountProblem(user: User, now = new Date()): string | null {
  if (user.disabled) return 'Account is disabled';
  if (!user.active) return 'Account is deactivated';
  if (user.expirationTime && user.expirationTime <= now) return 'Account has expired';
  return null;
}

/**
 * Why a user of a tenant may not sign in now, or null: the tenant or one of the tenants above it is deactivated.
 */
export async function tenantProblem(db: Pick<Db, '$queryRaw'>, user: Pick<User, 'tenantId'>): Promise<string | null> {
  if (user.tenantId === null) return null;
  const [row] = await db.$queryRaw<{ active: boolean | null }[]>`
    WITH RECURSIVE up(id, parent, active) AS (
      SELECT id, "parentTenantId", active FROM tenants WHERE id = ${user.tenantId}
      UNION ALL SELECT t.id, t."parentTenantId", t.active FROM tenants t JOIN up ON t.id = up.parent
    ) SELECT bool_and(active) AS active FROM up`;
  return row?.active === false ? TENANT_DEACTIVATED : null;
}

export const TENANT_DEACTIVATED = 'Your tenant is deactivated';

export async function buildAuthContext(
  db: Db,
  user: UserWithRole,
  method: AuthContext['method'],
  sessionId?: string,
  impersonatorId?: number | null,
): Promise<AuthContext> {
  const platform = user.tenantId === null;
  // both read per request: a tenant moved or put on another plan is seen by its users' very next request
  const [tree, template] = platform
    ? [{ visible: [], managed: [] }, null]
    : await Promise.all([tenantSubtree(db, user.tenantId as number), planTemplate(db, user.tenantId as number)]);
  const scope: AccessScope = { userId: user.id, platform, tenantIds: tree.visible, managedTenantIds: tree.managed };
  return {
    user,
    permissions: effectivePermissions(user, template),
    scope,
    db: scopedDb(db, scope),
    sessionId,
    method,
    ...(impersonatorId ? { impersonatorId } : {}),
  };
}
