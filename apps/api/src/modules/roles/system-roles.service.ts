import type { Permission } from '@waymark/contracts/permissions';
import { PERMISSIONS, PLATFORM_PERMISSIONS } from '@waymark/contracts/permissions';
import type { Db } from '@waymark/db/client';

const tenantFlags = PERMISSIONS.filter((p) => !PLATFORM_PERMISSIONS.includes(p));
const reportViews = PERMISSIONS.filter((p) => p.startsWith('VIEW_') && p.endsWith('_REPORTS'));
const reportDownloads = PERMISSIONS.filter((p) => p.startsWith('DOWNLOAD_'));

/** Platform-wide roles every tenant can assign (their tenantId is null, so tenants read but cannot change them). */
export const SYSTEM_ROLES = {
  tenantAdmin: {
    name: 'Tenant administrator',
    description: 'Everything inside the tenant: users, roles, devices, fleet, alerts and reports',
    permissions: tenantFlags,
  },
  fleetOperator: {
    name: 'Fleet operator',
    description: 'Tracks and commands devices, manages fleet data, alerts and reports',
    permissions: [
      'VIEW_DEVICES',
      'VIEW_DEVICE_DETAILS',
      'TRACK_DEVICES',
      'SEND_COMMAND',
      'VIEW_ALERTS_OVERVIEW',
      'VIEW_ALERT_DETAILS',
      'VIEW_NOTIFICATIONS',
      'VIEW_GROUPS',
      'VIEW_DRIVERS',
      'VIEW_MAINTENANCES',
      'VIEW_REMIND_MANAGEMENTS',
      'VIEW_GEOFENCES',
      'VIEW_ROUTES',
      'VIEW_POIS',
      'VIEW_REPLAYS',
      ...reportViews,
      ...reportDownloads,
    ],
  },
  viewer: {
    name: 'Viewer',
    description: 'Sees devices on the map, alerts and reports',
    permissions: ['VIEW_DEVICES', 'TRACK_DEVICES', 'VIEW_ALERTS_OVERVIEW', 'VIEW_GEOFENCES', ...reportViews],
  },
} satisfies Record<string, { name: string; description: string; permissions: Permission[] }>;

/** Creates the system roles that are missing and brings their flags up to date. */
export async function ensureSystemRoles(db: Db): Promise<void> {
  for (const role of Object.values(SYSTEM_ROLES)) {
    const existing = await db.role.findFirst({ where: { tenantId: null, name: role.name } });
    if (existing) {
      await db.role.update({ where: { id: existing.id }, data: { permissions: role.permissions, system: true } });
    } else {
      await db.role.create({ data: { ...role, tenantId: null, system: true } });
    }
  }
}
