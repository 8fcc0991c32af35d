import type { Permission } from '@waymark/contracts/permissions';
import { hasAnyPermission } from '@waymark/contracts/permissions';
import type { AccessScope } from '../../plugins/app/access-scope';

/** The flags that read devices' positions (GET /api/positions asks the same): the live socket needs one of them. */
export const LIVE_PERMISSIONS: readonly Permission[] = ['VIEW_DEVICES', 'TRACK_DEVICES', 'VIEW_REPLAYS'];

/** Whether these flags let their holder watch live positions, device status and events. */
export function mayWatchLive(permissions: readonly Permission[]): boolean {
  return hasAnyPermission(permissions, LIVE_PERMISSIONS);
}

/**
 * Whether a caller of this scope sees the rows of a tenant: the rule of the tenant-scoped database (platform staff
 * see every tenant and the platform's stock; others their tenant and its descendants). Devices are visible to a
 * tenant's users as a whole, REST and socket alike.
 */
export function seesTenant(scope: AccessScope, tenantId: number | null): boolean {
  return scope.platform || (tenantId !== null && scope.tenantIds.includes(tenantId));
}
