import type { StockDevice, StockDeviceDetail, StockStatus } from '@waymark/contracts/stock-device';
import type { Device, Prisma } from '@waymark/db/client';
import { presentDevice } from '../devices/devices.presenter';
import { isAssigned } from './stock-rules';

/** What a stock row reads beside the device's columns. */
export const STOCK_INCLUDE = {
  model: { select: { id: true, name: true } },
  simCard: { select: { id: true, iccid: true, status: true } },
  vendor: { select: { id: true, name: true } },
  tenant: { select: { id: true, name: true } },
  user: { select: { id: true, name: true, email: true } },
  group: { select: { id: true, name: true } },
} satisfies Prisma.DeviceInclude;

export type StockRow = Prisma.DeviceGetPayload<{ include: typeof STOCK_INCLUDE }>;

const STATUSES = new Set(['online', 'offline', 'unknown']);
const iso = (d: Date | null) => d?.toISOString() ?? null;

export function presentStockDevice(row: StockRow): StockDevice {
  return {
    id: row.id,
    deviceId: row.id,
    name: row.name,
    imei: row.uniqueId,
    uniqueId: row.uniqueId,
    status: (STATUSES.has(row.status) ? row.status : 'unknown') as StockDevice['status'],
    stockStatus: row.stockStatus as StockStatus,
    disabled: row.disabled,
    assigned: isAssigned(row),
    groupId: row.groupId,
    group: row.group,
    tenantId: row.tenantId,
    assignedTenant: row.tenant,
    userId: row.userId,
    user: row.user,
    model: row.model,
    simCard: row.simCard,
    vendor: row.vendor,
    phone: row.phone,
    expirationTime: iso(row.expirationTime),
    lastUpdate: iso(row.lastUpdate),
    createdAt: row.createdAt.toISOString(),
  };
}

/** One device with every detail field: the device as /api/devices gives it, with the stock fields. */
export function presentStockDeviceDetail(row: StockRow): StockDeviceDetail {
  const { model: _model, ...device } = presentDevice({ ...(row as Device), model: null });
  return { ...device, ...presentStockDevice(row) };
}
