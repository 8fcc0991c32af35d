import type { StockExpiry, StockUserMove } from '@waymark/contracts/stock-device';
import type { AppContext } from '../../context';
import { badRequest } from '../../http-error';
import { found } from '../../plugins/app/access-scope';
import type { AuthContext } from '../../plugins/app/auth-context';
import { publishDevices } from '../devices/devices.live';
import { auditDevice, checkDeviceWrite, DEVICE_NOT_FOUND } from '../devices/devices.service';
import { detachFromOtherTenants } from '../devices/tenant-move';
import { checkPlanDeviceLimit } from '../subscriptions/plan-limit';
import { STOCK_INCLUDE, type StockRow } from './stock.presenter';
import { STOCK_FACTS, stockStatusOf, withStatus } from './stock-rules';

/**
 * Who uses a device, by the rules of the stock: a device belongs to one tenant; within it, to a group or a user,
 * never both (assigning one clears the other); unassigning clears both. Groups and users are the device's tenant's.
 */

export const NOT_ASSIGNED_TO_USER = 'Device is not assigned to any user';
export const OTHER_TENANT = 'The device belongs to another tenant: move it to that tenant first';

async function deviceFacts(auth: AuthContext, id: number) {
  return found(
    await auth.db.device.findUnique({ where: { id }, select: { id: true, ...STOCK_FACTS } }),
    DEVICE_NOT_FOUND,
  );
}

/** Hands a device to a tenant of the caller's scope (or moves it there): no group, no user, UN_ASSIGNED. */
export async function assignToTenant(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  tenantId: number,
): Promise<StockRow> {
  const before = await deviceFacts(auth, id);
  await checkDeviceWrite(ctx, auth);
  found(await auth.db.tenant.findUnique({ where: { id: tenantId }, select: { id: true } }), 'Tenant not found');
  // an active device joining a tenant counts against its plan's device limit
  if (before.tenantId !== tenantId && !before.disabled) await checkPlanDeviceLimit(ctx.db, tenantId, 1);
  const row = await auth.db.$transaction(async (tx) => {
    await tx.device.update({
      where: { id },
      data: withStatus(before, { tenantId, groupId: null, userId: null }),
    });
    await detachFromOtherTenants(tx, id, tenantId);
    return tx.device.findUniqueOrThrow({ where: { id }, include: STOCK_INCLUDE });
  });
  await auditDevice(ctx, auth, 'device.tenant', row, { tenantFrom: before.tenantId, tenantTo: tenantId });
  await publishDevices(ctx, [row.id]);
  return row;
}

/** Gives a device to a group of its tenant: the user is cleared, ASSIGNED. */
export async function assignToGroup(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  groupId: number,
): Promise<StockRow> {
  const before = await deviceFacts(auth, id);
  await checkDeviceWrite(ctx, auth);
  const group = found(await auth.db.group.findUnique({ where: { id: groupId } }), 'Group not found');
  if (before.tenantId === null || group.tenantId !== before.tenantId) throw badRequest(OTHER_TENANT);
  const row = await auth.db.device.update({
    where: { id },
    data: withStatus(before, { groupId, userId: null }),
    include: STOCK_INCLUDE,
  });
  await auditDevice(ctx, auth, 'device.group', row, { groupId });
  await publishDevices(ctx, [row.id]);
  return row;
}

/** Gives devices to a user of their tenant: each device's group is cleared, ASSIGNED. All or none. */
export async function moveToUser(ctx: AppContext, auth: AuthContext, input: StockUserMove): Promise<number> {
  const ids = [...new Set(input.deviceIds)];
  const devices = await auth.db.device.findMany({ where: { id: { in: ids } }, select: { id: true, ...STOCK_FACTS } });
  if (devices.length !== ids.length) throw found(null, DEVICE_NOT_FOUND);
  await checkDeviceWrite(ctx, auth);
  const user = found(
    await auth.db.user.findUnique({ where: { id: input.userId }, select: { id: true, tenantId: true } }),
    'User not found',
  );
  if (devices.some((d) => d.tenantId === null || d.tenantId !== user.tenantId)) throw badRequest(OTHER_TENANT);
  const status = stockStatusOf({
    disabled: false,
    tenantId: user.tenantId,
    groupId: null,
    userId: user.id,
    modelId: null,
    simCardId: null,
  });
  await auth.db.$transaction([
    // a disabled device stays DISABLED: only the enabled ones take the assigned status
    auth.db.device.updateMany({ where: { id: { in: ids } }, data: { userId: user.id, groupId: null } }),
    auth.db.device.updateMany({ where: { id: { in: ids }, disabled: false }, data: { stockStatus: status } }),
  ]);
  for (const d of devices) await auditDevice(ctx, auth, 'device.user', d, { userId: user.id });
  await publishDevices(ctx, ids);
  return devices.length;
}

/** Takes a device from its group and user: UN_ASSIGNED, still in its tenant. */
export async function unassign(ctx: AppContext, auth: AuthContext, id: number): Promise<StockRow> {
  const before = await deviceFacts(auth, id);
  await checkDeviceWrite(ctx, auth);
  const row = await auth.db.device.update({
    where: { id },
    data: withStatus(before, { groupId: null, userId: null }),
    include: STOCK_INCLUDE,
  });
  await auditDevice(ctx, auth, 'device.unassigned', row);
  await publishDevices(ctx, [row.id]);
  return row;
}

/** Takes a device from its user; its group, if any, keeps it. */
export async function removeUser(ctx: AppContext, auth: AuthContext, id: number): Promise<StockRow> {
  const before = await deviceFacts(auth, id);
  if (before.userId === null) throw badRequest(NOT_ASSIGNED_TO_USER);
  await checkDeviceWrite(ctx, auth);
  const row = await auth.db.device.update({
    where: { id },
    data: withStatus(before, { userId: null }),
    include: STOCK_INCLUDE,
  });
  await auditDevice(ctx, auth, 'device.user-removed', row, { userId: before.userId });
  await publishDevices(ctx, [row.id]);
  return row;
}

/** Sets (or clears) the expiry of devices the caller sees: all or none. */
export async function setExpiry(ctx: AppContext, auth: AuthContext, input: StockExpiry): Promise<number> {
  const ids = [...new Set(input.deviceIds)];
  const devices = await auth.db.device.findMany({ where: { id: { in: ids } }, select: { id: true, tenantId: true } });
  if (devices.length !== ids.length) throw found(null, DEVICE_NOT_FOUND);
  await checkDeviceWrite(ctx, auth);
  const expirationTime = input.expirationTime ? new Date(input.expirationTime) : null;
  const { count } = await auth.db.device.updateMany({ where: { id: { in: ids } }, data: { expirationTime } });
  for (const d of devices) await auditDevice(ctx, auth, 'device.expiry', d, { expirationTime });
  await publishDevices(ctx, ids);
  return count;
}
