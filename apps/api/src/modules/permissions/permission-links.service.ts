import type { LinkKey, PermissionLink } from '@waymark/contracts/permission';
import type { Permission } from '@waymark/contracts/permissions';
import { hasAnyPermission } from '@waymark/contracts/permissions';
import type { Prisma } from '@waymark/db/client';
import { badRequest, forbidden } from '../../http-error';
import { found } from '../../plugins/app/access-scope';
import type { AuthContext } from '../../plugins/app/auth-context';

export type LinkKind =
  | 'user'
  | 'device'
  | 'group'
  | 'geofence'
  | 'notification'
  | 'calendar'
  | 'driver'
  | 'command'
  | 'maintenance'
  | 'attribute'
  | 'managedUser';

/** One link, its owner side (user, device or group) and the object linked to it. */
export interface Link {
  owner: 'user' | 'device' | 'group';
  ownerId: number;
  kind: LinkKind;
  objectId: number;
}

const KIND_OF: Record<LinkKey, LinkKind> = {
  userId: 'user',
  deviceId: 'device',
  groupId: 'group',
  geofenceId: 'geofence',
  notificationId: 'notification',
  calendarId: 'calendar',
  driverId: 'driver',
  commandId: 'command',
  maintenanceId: 'maintenance',
  attributeId: 'attribute',
  managedUserId: 'managedUser',
};

/** What a device or a group may be linked to (the Device* / Group* link tables). */
const DEVICE_GROUP_KINDS = new Set<LinkKind>([
  'geofence',
  'notification',
  'driver',
  'maintenance',
  'command',
  'attribute',
]);

/** The flags that manage links of each kind (ADMIN_ACCOUNT always does). */
export const KIND_FLAGS: Record<Exclude<LinkKind, 'user'>, Permission[]> = {
  device: ['VIEW_DEVICE_DETAILS'],
  group: ['VIEW_GROUPS'],
  geofence: ['VIEW_GEOFENCES'],
  notification: ['VIEW_NOTIFICATIONS'],
  calendar: ['VIEW_NOTIFICATIONS', 'VIEW_GEOFENCES'],
  driver: ['VIEW_DRIVERS'],
  command: ['SEND_COMMAND'],
  maintenance: ['VIEW_MAINTENANCES', 'VIEW_REMIND_MANAGEMENTS'],
  attribute: ['VIEW_DEVICE_DETAILS'],
  managedUser: ['VIEW_USERS'],
};
export const LINK_FLAGS: Permission[] = ['ADMIN_ACCOUNT', ...new Set(Object.values(KIND_FLAGS).flat())];

export const UNSUPPORTED_LINK = 'These two objects cannot be linked';

/** Which table a body's two keys go to; 400 for a pair Waymark does not link. */
export function resolveLink(body: PermissionLink): Link {
  const keys = (Object.keys(body) as LinkKey[]).filter((k) => body[k] !== undefined);
  const value = (k: LinkKey) => body[k] as number;
  const other = (owner: LinkKey) => keys.find((k) => k !== owner) as LinkKey;
  if (keys.includes('userId')) {
    const key = other('userId');
    return { owner: 'user', ownerId: value('userId'), kind: KIND_OF[key], objectId: value(key) };
  }
  for (const owner of ['deviceId', 'groupId'] as const) {
    if (!keys.includes(owner)) continue;
    const key = other(owner);
    const kind = KIND_OF[key];
    if (!DEVICE_GROUP_KINDS.has(kind)) break;
    return { owner: KIND_OF[owner] as 'device' | 'group', ownerId: value(owner), kind, objectId: value(key) };
  }
  throw badRequest(UNSUPPORTED_LINK);
}

const NAMES: Record<LinkKind, string> = {
  user: 'User',
  device: 'Device',
  group: 'Group',
  geofence: 'Geofence',
  notification: 'Notification',
  calendar: 'Calendar',
  driver: 'Driver',
  command: 'Saved command',
  maintenance: 'Maintenance',
  attribute: 'Computed attribute',
  managedUser: 'User',
};

/** Which of these ids of one kind the caller sees. */
export async function visibleIds(auth: AuthContext, kind: LinkKind, ids: number[]): Promise<Set<number>> {
  const where = { where: { id: { in: ids } }, select: { id: true } } as const;
  const db = auth.db;
  const lookups: Record<LinkKind, () => Promise<{ id: number }[]>> = {
    user: () => db.user.findMany(where),
    managedUser: () => db.user.findMany(where),
    device: () => db.device.findMany(where),
    group: () => db.group.findMany(where),
    geofence: () => db.geofence.findMany(where),
    notification: () => db.notification.findMany(where),
    calendar: () => db.calendar.findMany(where),
    driver: () => db.driver.findMany(where),
    command: () => db.command.findMany(where),
    maintenance: () => db.maintenance.findMany(where),
    attribute: () => db.computedAttribute.findMany(where),
  };
  return new Set((await lookups[kind]()).map((r) => r.id));
}

async function visible(auth: AuthContext, kind: LinkKind, id: number): Promise<void> {
  found((await visibleIds(auth, kind, [id])).has(id) || null, `${NAMES[kind]} not found`);
}

/**
 * The caller may manage this link: the linked kind's flag (or ADMIN_ACCOUNT), and both objects visible (a side
 * given as 0, "any" in GET /api/permissions, is not looked up).
 */
export async function checkLink(auth: AuthContext, link: Link): Promise<void> {
  const kind = link.kind as Exclude<LinkKind, 'user'>;
  if (!hasAnyPermission(auth.permissions, ['ADMIN_ACCOUNT', ...KIND_FLAGS[kind]])) throw forbidden();
  if (link.ownerId) await visible(auth, link.owner, link.ownerId);
  if (link.objectId) await visible(auth, link.kind, link.objectId);
}

interface LinkTable {
  findMany(args: { where: Record<string, unknown>; take: number }): Promise<Record<string, unknown>[]>;
  createMany(args: { data: Record<string, unknown>[]; skipDuplicates: boolean }): Promise<unknown>;
  deleteMany(args: { where: Record<string, unknown> }): Promise<unknown>;
}

/**
 * The link table and row of a link (UserDevice, UserGroup, UserLink, Device* and Group* tables); the row's columns
 * are `${owner}Id` and `${kind}Id`, or `objectId` with `kind` in UserLink.
 */
export function tableOf(tx: Prisma.TransactionClient, link: Link): { table: LinkTable; row: Record<string, unknown> } {
  const tables = tx as unknown as Record<string, LinkTable>;
  const owner = { [`${link.owner}Id`]: link.ownerId };
  if (link.owner === 'user' && link.kind !== 'device' && link.kind !== 'group') {
    return { table: tables.userLink as LinkTable, row: { ...owner, kind: link.kind, objectId: link.objectId } };
  }
  const target = link.kind === 'attribute' ? 'ComputedAttribute' : link.kind[0]?.toUpperCase() + link.kind.slice(1);
  return {
    table: tables[`${link.owner}${target}`] as LinkTable,
    row: { ...owner, [`${link.kind}Id`]: link.objectId },
  };
}

/** Adds (idempotently) or removes a link inside the caller's transaction. */
export async function writeLink(tx: Prisma.TransactionClient, link: Link, add: boolean): Promise<void> {
  const { table, row } = tableOf(tx, link);
  if (add) await table.createMany({ data: [row], skipDuplicates: true });
  else await table.deleteMany({ where: row });
}
