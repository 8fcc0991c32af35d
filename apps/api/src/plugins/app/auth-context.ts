import type { Permission } from '@waymark/contracts/permissions';
import { PERMISSIONS, PLATFORM_PERMISSIONS } from '@waymark/contracts/permissions';
import type { Db, Role, User } from '@waymark/db/client';
import type { AccessScope } from './access-scope';
import { scopedDb, tenantTree } from './access-scope';

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

/** Administrators hold every flag; others hold their role's flags, platform-only flags only as platform staff. */
export function effectivePermissions(user: UserWithRole): Permission[] {
  if (user.administrator) return [...PERMISSIONS];
  const held = new Set(user.role?.permissions ?? []);
  return PERMISSIONS.filter((p) => held.has(p) && (user.tenantId === null || !PLATFORM_PERMISSIONS.includes(p)));
}

/** Why this user may not sign in now, or null. */
export function accountProblem(user: User, now = new Date()): string | null {
  if (user.disabled) return 'Account is disabled';
  if (!user.active) return 'Account is deactivated';
  if (user.expirationTime && user.expirationTime <= now) return 'Account has expired';
  return null;
}

export async function buildAuthContext(
  db: Db,
  user: UserWithRole,
  method: AuthContext['method'],
  sessionId?: string,
  impersonatorId?: number | null,
): Promise<AuthContext> {
  const platform = user.tenantId === null;
  const scope: AccessScope = {
    userId: user.id,
    platform,
    tenantIds: platform ? [] : await tenantTree(db, user.tenantId as number),
  };
  return {
    user,
    permissions: effectivePermissions(user),
    scope,
    db: scopedDb(db, scope),
    sessionId,
    method,
    ...(impersonatorId ? { impersonatorId } : {}),
  };
}
