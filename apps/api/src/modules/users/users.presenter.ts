import type { User as UserDto } from '@waymark/contracts/user';
import type { UserWithRole } from '../../plugins/app/auth-context';
import { effectivePermissions } from '../../plugins/app/auth-context';

/**
 * A user row as clients see it: never the password hash, TOTP secrets or other internals. `permissions` defaults
 * to the role's flags; the signed-in user's own answers pass the flags its plan leaves it (what the web shows).
 */
export function presentUser(user: UserWithRole, permissions = effectivePermissions(user)): UserDto {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    tenantId: user.tenantId,
    roleId: user.roleId,
    administrator: user.administrator,
    readonly: user.readonly,
    deviceReadonly: user.deviceReadonly,
    limitCommands: user.limitCommands,
    disableReports: user.disableReports,
    fixedEmail: user.fixedEmail,
    disabled: user.disabled,
    active: user.active,
    temporary: user.temporary,
    expirationTime: user.expirationTime?.toISOString() ?? null,
    deviceLimit: user.deviceLimit,
    userLimit: user.userLimit,
    totpEnabled: user.totpKey !== null,
    emailOtp: user.emailOtp,
    map: user.map,
    latitude: user.latitude,
    longitude: user.longitude,
    zoom: user.zoom,
    coordinateFormat: user.coordinateFormat,
    poiLayer: user.poiLayer,
    attributes: (user.attributes ?? {}) as Record<string, unknown>,
    permissions,
    createdAt: user.createdAt.toISOString(),
  };
}
