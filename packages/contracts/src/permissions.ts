import { z } from 'zod';

/**
 * Permission flags, grouped by submodule. A role holds a list of flags;
 * a route or page declares the flags it needs and any one of them suffices.
 */
export const permissionGroups = {
  administration: ['ADMIN_ACCOUNT', 'VIEW_ADMIN_DASHBOARD'],
  tenants: ['VIEW_TENANT'],
  roles: ['VIEW_ROLES', 'CREATE_ROLE', 'EDIT_ROLE'],
  users: ['VIEW_USERS', 'VIEW_USER_DETAILS'],
  devices: ['VIEW_DEVICES', 'VIEW_DEVICE_DETAILS', 'TRACK_DEVICES', 'SEND_COMMAND'],
  stock: ['VIEW_MODELS', 'VIEW_SIMS', 'VIEW_SIM_DETAILS', 'VIEW_VENDORS'],
  billing: ['VIEW_BILLING_NOTIFICATIONS'],
  alerts: ['VIEW_ALERTS_OVERVIEW', 'VIEW_ALERT_DETAILS', 'VIEW_NOTIFICATIONS'],
  fleet: ['VIEW_GROUPS', 'VIEW_DRIVERS', 'VIEW_MAINTENANCES', 'VIEW_REMIND_MANAGEMENTS'],
  mapping: ['VIEW_GEOFENCES', 'VIEW_ROUTES', 'VIEW_POIS', 'VIEW_REPLAYS'],
  reports: [
    'VIEW_EVENT_REPORTS',
    'DOWNLOAD_EVENT_REPORTS',
    'VIEW_ROUTE_REPORTS',
    'DOWNLOAD_ROUTE_REPORTS',
    'VIEW_TRIP_REPORTS',
    'DOWNLOAD_TRIP_REPORTS',
    'VIEW_STOP_REPORTS',
    'DOWNLOAD_STOP_REPORTS',
    'VIEW_SUMMARY_REPORTS',
    'DOWNLOAD_SUMMARY_REPORTS',
    'VIEW_CHART_REPORTS',
    'DOWNLOAD_CHART_REPORTS',
  ],
} as const;

export type PermissionSubmodule = keyof typeof permissionGroups;
export type Permission = (typeof permissionGroups)[PermissionSubmodule][number];

export const PERMISSIONS = Object.values(permissionGroups).flat() as Permission[];
export const permissionSchema = z.enum(PERMISSIONS as [Permission, ...Permission[]]);

/** Permissions that only platform staff may hold; tenant roles cannot grant them. */
export const PLATFORM_PERMISSIONS: readonly Permission[] = ['ADMIN_ACCOUNT', 'VIEW_ADMIN_DASHBOARD'];

/** Any one of `required` suffices; an empty list means any signed-in user. */
export function hasAnyPermission(held: readonly string[], required: readonly Permission[] | undefined): boolean {
  if (!required || required.length === 0) return true;
  return required.some((p) => held.includes(p));
}

/** Shape of GET /api/v2/role/permissions: one entry per submodule, each flag with its authority. */
export const permissionCatalogueSchema = z.array(
  z.object({
    submodule: z.string(),
    permissions: z.array(z.object({ authority: permissionSchema, name: z.string() })),
  }),
);

export function permissionCatalogue(): z.infer<typeof permissionCatalogueSchema> {
  return Object.entries(permissionGroups).map(([submodule, flags]) => ({
    submodule,
    permissions: flags.map((authority) => ({ authority, name: humanize(authority) })),
  }));
}

function humanize(flag: string): string {
  const words = flag.toLowerCase().split('_');
  return words.map((w, i) => (i === 0 ? w.charAt(0).toUpperCase() + w.slice(1) : w)).join(' ');
}
