import type { ListQuery } from '@waymark/contracts/common';
import type { DeviceInput } from '@waymark/contracts/device';
import { DEVICE_TIME_FIELDS } from '@waymark/contracts/device';
import type { Prisma } from '@waymark/db/client';
import type { AppContext } from '../../context';
import { badRequest, conflict, forbidden } from '../../http-error';
import { found } from '../../plugins/app/access-scope';
import type { AuthContext } from '../../plugins/app/auth-context';
import { audit } from '../audit/audit.service';
import { listConditions, listPage } from '../shared/list-query';
import { stockStatusOf } from '../stock/stock-rules';
import { checkPlanDeviceLimit } from '../subscriptions/plan-limit';
import { publishDevices } from './devices.live';
import type { DeviceWithModel } from './devices.presenter';
import { detachFromOtherTenants } from './tenant-move';

export const READONLY_MESSAGE = 'Your account may not change devices';
export const DEVICE_NOT_FOUND = 'Device not found';
export const DEVICE_LIMIT_REACHED = 'Device limit reached';
export const DEVICE_CLASH = 'A device with this identifier already exists';

/** Without paging parameters a device list is cut at this many rows. */
const UNPAGED_LIMIT = 20_000;

// notifications import the read-only check from here
export { checkNotReadonly } from '../shared/readonly';

/** Devices are also closed to `deviceReadonly` accounts (the user's or the server's flag). */
export async function checkDeviceWrite(ctx: AppContext, auth: AuthContext): Promise<void> {
  if (auth.user.administrator) return;
  if (auth.user.readonly || auth.user.deviceReadonly) throw forbidden(READONLY_MESSAGE);
  const server = await ctx.db.server.findUnique({ where: { id: 1 }, select: { readonly: true, deviceReadonly: true } });
  if (server?.readonly || server?.deviceReadonly) throw forbidden(READONLY_MESSAGE);
}

/** A device input as Prisma data: times parsed, the model looked up by name, linked rows checked visible. */
async function deviceData(auth: AuthContext, input: Partial<DeviceInput>): Promise<Prisma.DeviceUncheckedUpdateInput> {
  const { model, attributes, ...rest } = input;
  const out: Record<string, unknown> = { ...rest };
  for (const key of DEVICE_TIME_FIELDS) {
    const value = input[key];
    if (value !== undefined) out[key] = value ? new Date(value) : null;
  }
  if (attributes !== undefined) out.attributes = attributes as Prisma.InputJsonValue;
  if (model !== undefined) {
    out.modelId = model ? ((await auth.db.deviceModel.findFirst({ where: { name: model } }))?.id ?? null) : null;
  }
  if (input.groupId) found(await auth.db.group.findUnique({ where: { id: input.groupId } }), 'Unknown group');
  if (input.calendarId) {
    found(await auth.db.calendar.findUnique({ where: { id: input.calendarId } }), 'Unknown calendar');
  }
  if (input.vendorId && !(await auth.db.vendor.findUnique({ where: { id: input.vendorId } }))) {
    throw badRequest('Unknown vendor');
  }
  return out as Prisma.DeviceUncheckedUpdateInput;
}

/**
 * uniqueId is unique across the whole platform (a tracker names itself by it before anyone knows its tenant), so
 * it is checked on the unscoped client: a clash with a device the caller cannot see is still a clash.
 */
async function refuseClash(ctx: AppContext, uniqueId: string, except?: number): Promise<void> {
  const clash = await ctx.db.device.findFirst({
    where: { uniqueId, ...(except === undefined ? {} : { id: { not: except } }) },
    select: { id: true },
  });
  if (clash) throw conflict(DEVICE_CLASH);
}

/** Traccar's device list parameters: the shared ones plus any number of `id` and `uniqueId`. */
type DeviceListQuery = ListQuery & { id?: number[]; uniqueId?: string[] };

/** The caller's devices matching the list parameters (`all` as on every list), by id (Traccar's order). */
export async function listDevices(auth: AuthContext, q: DeviceListQuery): Promise<DeviceWithModel[]> {
  const where = await listConditions<Prisma.DeviceWhereInput>(auth, q, {
    user: (userId) => ({ OR: [{ userId }, { userDevices: { some: { userId } } }] }),
    group: (groupId) => ({ groupId }),
    keyword: (keyword) => ({
      OR: [
        { name: { contains: keyword, mode: 'insensitive' } },
        { uniqueId: { contains: keyword, mode: 'insensitive' } },
      ],
    }),
  });
  if (q.id?.length) where.push({ id: { in: q.id } });
  if (q.uniqueId?.length) where.push({ uniqueId: { in: q.uniqueId } });
  // `all`, as every list has it (linked-resources.ts): platform staff get the platform's own devices (its stock)
  // unless they ask for all; devices asked for by id or uniqueId are found wherever the caller may see them
  const named = Boolean(q.id?.length || q.uniqueId?.length);
  if (!named && auth.scope.platform && !q.all) where.push({ tenantId: null });
  return auth.db.device.findMany({
    where: { AND: where },
    include: { model: true },
    orderBy: { id: 'asc' },
    ...(q.limit === undefined && !q.offset ? { take: UNPAGED_LIMIT } : listPage(q)),
  });
}

/** The device the caller may see, with its model, or a 404. */
export async function getDevice(auth: AuthContext, id: number): Promise<DeviceWithModel> {
  return found(await auth.db.device.findUnique({ where: { id }, include: { model: true } }), DEVICE_NOT_FOUND);
}

/** The tenant of a new device: the body's, else the caller's (platform staff: none, the device is in stock). */
function deviceTenant(auth: AuthContext, requested: number | null | undefined): number | null {
  const tenantId = requested === undefined ? (auth.scope.platform ? null : auth.user.tenantId) : requested;
  // a tenant user places devices only in its tenants, never in the platform's stock
  if (!auth.scope.platform && (tenantId === null || !auth.scope.tenantIds.includes(tenantId))) throw forbidden();
  return tenantId;
}

/**
 * Registers a device: the caller may change devices, places it in a tenant it may use, is within its device limit
 * (a negative limit: none; administrators have none), and its uniqueId is new to the platform. A device with no
 * tenant is in stock, one with a tenant is assigned.
 */
export async function createDevice(ctx: AppContext, auth: AuthContext, input: DeviceInput): Promise<DeviceWithModel> {
  await checkDeviceWrite(ctx, auth);
  const tenantId = deviceTenant(auth, input.tenantId);
  if (auth.user.deviceLimit >= 0 && !auth.user.administrator) {
    const count = await auth.db.device.count();
    if (count >= auth.user.deviceLimit) throw forbidden(DEVICE_LIMIT_REACHED);
  }
  await refuseClash(ctx, input.uniqueId);
  if (tenantId !== null) await checkPlanDeviceLimit(ctx.db, tenantId, 1);
  const created = await auth.db.device.create({
    data: {
      ...((await deviceData(auth, input)) as Prisma.DeviceUncheckedCreateInput),
      name: input.name,
      uniqueId: input.uniqueId,
      tenantId,
      stockStatus: 'IN_STOCK',
    },
    include: { model: true },
  });
  const row = await settleStockStatus(auth.db, created);
  await auditDevice(ctx, auth, 'device.created', row);
  ctx.deviceSettings?.changed();
  await publishDevices(ctx, [row.id]);
  return row;
}

/** Stores the stock status the device's facts give (the stock's one rule), when it differs from the stored one. */
async function settleStockStatus(db: Prisma.TransactionClient, row: DeviceWithModel): Promise<DeviceWithModel> {
  const stockStatus = stockStatusOf(row);
  if (stockStatus === row.stockStatus) return row;
  return db.device.update({ where: { id: row.id }, data: { stockStatus }, include: { model: true } });
}

/**
 * Changes the fields sent; a new uniqueId must be new to the platform. A device moved to another tenant loses, in
 * the same transaction, its links to the objects and users of other tenants (detachFromOtherTenants).
 */
export async function updateDevice(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  input: Partial<DeviceInput>,
): Promise<DeviceWithModel> {
  const before = found(
    await auth.db.device.findUnique({ where: { id }, select: { id: true, tenantId: true } }),
    DEVICE_NOT_FOUND,
  );
  await checkDeviceWrite(ctx, auth);
  if (input.uniqueId) await refuseClash(ctx, input.uniqueId, id);
  const data = await deviceData(auth, input);
  const { row, removed } = await auth.db.$transaction(async (tx) => {
    const updated = await settleStockStatus(
      tx,
      await tx.device.update({ where: { id }, data, include: { model: true } }),
    );
    if (updated.tenantId === before.tenantId) return { row: updated, removed: null };
    const removed = await detachFromOtherTenants(tx, id, updated.tenantId);
    return { row: await tx.device.findUniqueOrThrow({ where: { id }, include: { model: true } }), removed };
  });
  await auditDevice(
    ctx,
    auth,
    'device.updated',
    row,
    removed === null ? undefined : { tenantFrom: before.tenantId, tenantTo: row.tenantId, linksRemoved: removed },
  );
  ctx.deviceSettings?.changed();
  await publishDevices(ctx, [row.id]);
  return row;
}

/**
 * Deletes a device the caller sees and may change. Its positions and events are purged by the history worker
 * (device_purges, written with the deletion), in batches, so that a long history does not hold up the request.
 */
export async function deleteDevice(ctx: AppContext, auth: AuthContext, id: number): Promise<void> {
  const row = found(await auth.db.device.findUnique({ where: { id } }), DEVICE_NOT_FOUND);
  await checkDeviceWrite(ctx, auth);
  await auth.db.$transaction([
    auth.db.device.delete({ where: { id: row.id } }),
    auth.db.devicePurge.upsert({ where: { deviceId: row.id }, create: { deviceId: row.id }, update: {} }),
  ]);
  await auditDevice(ctx, auth, 'device.deleted', row);
  ctx.deviceSettings?.changed();
  // no live frame: the socket protocol has no removal, and a devices frame would add the device back to open lists
}

/** The audit entry `action` about a device, by the caller. */
export function auditDevice(
  ctx: AppContext,
  auth: AuthContext,
  action: string,
  row: { id: number; tenantId: number | null },
  details?: Record<string, unknown>,
) {
  return audit(ctx, {
    action,
    userId: auth.user.id,
    tenantId: row.tenantId,
    objectType: 'device',
    objectId: row.id,
    ...(details ? { details } : {}),
  });
}
