import type { Page } from '@waymark/contracts/common';
import { DEVICE_TIME_FIELDS } from '@waymark/contracts/device';
import type {
  StockDeviceCreate,
  StockDeviceQuery,
  StockDeviceUpdate,
  StockStats,
} from '@waymark/contracts/stock-device';
import { STOCK_STATUSES } from '@waymark/contracts/stock-device';
import type { Prisma } from '@waymark/db/client';
import type { AppContext } from '../../context';
import { badRequest, conflict } from '../../http-error';
import { found } from '../../plugins/app/access-scope';
import type { AuthContext } from '../../plugins/app/auth-context';
import { publishDevices } from '../devices/devices.live';
import {
  auditDevice,
  checkDeviceWrite,
  DEVICE_CLASH,
  DEVICE_NOT_FOUND,
  deleteDevice,
} from '../devices/devices.service';
import { pageOf } from '../shared/v2';
import { checkPlanDeviceLimit } from '../subscriptions/plan-limit';
import { STOCK_INCLUDE, type StockRow } from './stock.presenter';
import { stockPage } from './stock-list.query';
import { relatedOf, withRelated } from './stock-related.service';
import { STOCK_FACTS, stockStatusOf, withStatus } from './stock-rules';

/**
 * One page of the caller's devices (platform staff: every device, platform stock included). The page's ids come
 * from the list query; the rows are read through the caller's scoped client, in the page's order.
 */
export async function pageStockDevices(
  ctx: AppContext,
  auth: AuthContext,
  q: StockDeviceQuery,
): Promise<Page<StockRow>> {
  const { ids, total } = await stockPage(ctx, auth, q);
  const [rows, related] = await Promise.all([
    ids.length ? auth.db.device.findMany({ where: { id: { in: ids } } }) : [],
    relatedOf(ctx, ids),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const ordered = ids.flatMap((id) => byId.get(id) ?? []);
  return pageOf(q, withRelated(ordered, related), total);
}

/** The count of each stock status, and the total, in one query. */
export async function stockStats(auth: AuthContext): Promise<StockStats> {
  const groups = await auth.db.device.groupBy({ by: ['stockStatus'], _count: { _all: true } });
  const stats = { TOTAL: 0, ...Object.fromEntries(STOCK_STATUSES.map((s) => [s, 0])) } as StockStats;
  for (const g of groups) {
    stats[g.stockStatus] = g._count._all;
    stats.TOTAL += g._count._all;
  }
  return stats;
}

export async function getStockDevice(auth: AuthContext, id: number): Promise<StockRow> {
  return found(await auth.db.device.findUnique({ where: { id }, include: STOCK_INCLUDE }), DEVICE_NOT_FOUND);
}

/** The model, SIM card and vendor a device is given: visible to the caller, the SIM card in no other device. */
async function checkLinks(auth: AuthContext, input: StockDeviceUpdate, deviceId?: number): Promise<void> {
  if (input.modelId && !(await auth.db.deviceModel.findUnique({ where: { id: input.modelId } }))) {
    throw badRequest('Unknown model');
  }
  if (input.vendorId && !(await auth.db.vendor.findUnique({ where: { id: input.vendorId } }))) {
    throw badRequest('Unknown vendor');
  }
  if (input.simCardId) {
    const sim = await auth.db.simCard.findUnique({
      where: { id: input.simCardId },
      select: { device: { select: { id: true } } },
    });
    if (!sim) throw badRequest('Unknown SIM card');
    if (sim.device && sim.device.id !== deviceId) throw conflict('The SIM card is already in another device');
  }
}

/** uniqueId is unique across the platform: checked on the unscoped client, a device out of sight still clashes. */
async function refuseClash(ctx: AppContext, uniqueId: string, except?: number): Promise<void> {
  const clash = await ctx.db.device.findFirst({
    where: { uniqueId, ...(except === undefined ? {} : { id: { not: except } }) },
    select: { id: true },
  });
  if (clash) throw conflict(DEVICE_CLASH);
}

/** Adds a device to the stock: the platform's for platform staff, the caller's tenant for a tenant user. */
export async function createStockDevice(
  ctx: AppContext,
  auth: AuthContext,
  input: StockDeviceCreate,
): Promise<StockRow> {
  await checkDeviceWrite(ctx, auth);
  await checkLinks(auth, input);
  await refuseClash(ctx, input.uniqueId);
  const tenantId = auth.scope.platform ? null : auth.user.tenantId;
  const facts = {
    disabled: false,
    tenantId,
    groupId: null,
    userId: null,
    modelId: input.modelId ?? null,
    simCardId: input.simCardId ?? null,
  };
  const row = await auth.db.device.create({
    data: {
      uniqueId: input.uniqueId,
      name: input.name ?? input.uniqueId,
      tenantId,
      modelId: facts.modelId,
      simCardId: facts.simCardId,
      vendorId: input.vendorId ?? null,
      phone: input.phone ?? null,
      expirationTime: input.expirationTime ? new Date(input.expirationTime) : null,
      stockStatus: stockStatusOf(facts),
    },
    include: STOCK_INCLUDE,
  });
  await auditDevice(ctx, auth, 'device.created', row);
  await publishDevices(ctx, [row.id]);
  return row;
}

/** Changes the admin and detail fields sent; the stock status follows the model and SIM card. */
export async function updateStockDevice(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  input: StockDeviceUpdate,
): Promise<StockRow> {
  const before = found(await auth.db.device.findUnique({ where: { id }, select: STOCK_FACTS }), DEVICE_NOT_FOUND);
  await checkDeviceWrite(ctx, auth);
  await checkLinks(auth, input, id);
  if (input.uniqueId) await refuseClash(ctx, input.uniqueId, id);
  const { attributes, ...rest } = input;
  const data: Record<string, unknown> = { ...rest };
  for (const key of DEVICE_TIME_FIELDS) {
    const value = input[key];
    if (value !== undefined) data[key] = value ? new Date(value) : null;
  }
  if (attributes !== undefined) data.attributes = attributes as Prisma.InputJsonValue;
  const row = await auth.db.device.update({
    where: { id },
    data: withStatus(before, data) as Prisma.DeviceUncheckedUpdateInput,
    include: STOCK_INCLUDE,
  });
  await auditDevice(ctx, auth, 'device.updated', row);
  await publishDevices(ctx, [row.id]);
  return row;
}

/** Switches a device off (DISABLED: the pipeline ignores its positions) or on again. */
export async function setStockDeviceDisabled(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  disabled: boolean,
): Promise<StockRow> {
  const before = found(await auth.db.device.findUnique({ where: { id }, select: STOCK_FACTS }), DEVICE_NOT_FOUND);
  await checkDeviceWrite(ctx, auth);
  // switching a tenant's device back on counts against its plan's device limit
  if (!disabled && before.disabled && before.tenantId !== null) await checkPlanDeviceLimit(ctx.db, before.tenantId, 1);
  const row = await auth.db.device.update({
    where: { id },
    data: withStatus(before, { disabled }),
    include: STOCK_INCLUDE,
  });
  await auditDevice(ctx, auth, disabled ? 'device.deactivated' : 'device.activated', row);
  await publishDevices(ctx, [row.id]);
  return row;
}

/** Deletes a device for good (its history is purged by the history worker). */
export async function deleteStockDevice(ctx: AppContext, auth: AuthContext, id: number): Promise<void> {
  await deleteDevice(ctx, auth, id);
}
