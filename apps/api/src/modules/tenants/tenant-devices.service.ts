import type { Page, PageQuery } from '@waymark/contracts/common';
import type { Prisma } from '@waymark/db/client';
import type { AppContext } from '../../context';
import { found } from '../../plugins/app/access-scope';
import type { AuthContext } from '../../plugins/app/auth-context';
import { audit } from '../audit/audit.service';
import { publishDevices } from '../devices/devices.live';
import { checkNotReadonly } from '../shared/readonly';
import { pageArgs, pageOf } from '../shared/v2';
import { getTenant } from './tenants.service';

export const DEVICE_INCLUDE = { group: { select: { id: true, name: true } } } as const satisfies Prisma.DeviceInclude;
export type TenantDeviceRow = Prisma.DeviceGetPayload<{ include: typeof DEVICE_INCLUDE }>;

const SORTABLE = ['name', 'id', 'uniqueId', 'status'] as const;

/** One page of a tenant's devices (those of a deactivated sub-tenant are hidden from the tenants above it). */
export async function pageTenantDevices(
  auth: AuthContext,
  tenantId: number,
  q: PageQuery,
): Promise<Page<TenantDeviceRow>> {
  await getTenant(auth, tenantId);
  const where: Prisma.DeviceWhereInput = {
    tenantId,
    ...(q.search
      ? {
          OR: [
            { name: { contains: q.search, mode: 'insensitive' } },
            { uniqueId: { contains: q.search, mode: 'insensitive' } },
          ],
        }
      : {}),
  };
  const [total, rows] = await Promise.all([
    auth.db.device.count({ where }),
    auth.db.device.findMany({ where, include: DEVICE_INCLUDE, ...pageArgs(q, SORTABLE) }),
  ]);
  return pageOf(q, rows, total);
}

async function tenantDevice(auth: AuthContext, tenantId: number, deviceId: number) {
  const device = found(await auth.db.device.findUnique({ where: { id: deviceId }, select: { tenantId: true } }));
  if (device.tenantId !== tenantId) throw found(null);
}

/** Puts a tenant's device in one of the tenant's groups: its user assignment is cleared. */
export async function assignDeviceToGroup(
  ctx: AppContext,
  auth: AuthContext,
  tenantId: number,
  deviceId: number,
  groupId: number,
): Promise<TenantDeviceRow> {
  await checkNotReadonly(ctx, auth);
  await tenantDevice(auth, tenantId, deviceId);
  const group = found(await auth.db.group.findUnique({ where: { id: groupId }, select: { tenantId: true } }));
  if (group.tenantId !== tenantId) throw found(null);
  const device = await auth.db.device.update({
    where: { id: deviceId },
    data: { groupId, userId: null, stockStatus: 'ASSIGNED' },
    include: DEVICE_INCLUDE,
  });
  await auditDevice(ctx, auth, 'device.group_assigned', device, { groupId });
  await publishDevices(ctx, [device.id]);
  return device;
}

/** Takes a tenant's device out of its group and away from its user. */
export async function unassignDevice(
  ctx: AppContext,
  auth: AuthContext,
  tenantId: number,
  deviceId: number,
): Promise<TenantDeviceRow> {
  await checkNotReadonly(ctx, auth);
  await tenantDevice(auth, tenantId, deviceId);
  const device = await auth.db.device.update({
    where: { id: deviceId },
    data: { groupId: null, userId: null, stockStatus: 'UN_ASSIGNED' },
    include: DEVICE_INCLUDE,
  });
  await auditDevice(ctx, auth, 'device.unassigned', device);
  await publishDevices(ctx, [device.id]);
  return device;
}

function auditDevice(
  ctx: AppContext,
  auth: AuthContext,
  action: string,
  device: TenantDeviceRow,
  details?: Record<string, unknown>,
) {
  return audit(ctx, {
    action,
    userId: auth.user.id,
    tenantId: device.tenantId,
    objectType: 'device',
    objectId: device.id,
    details,
  });
}
