import type { Device } from '@waymark/contracts/device';
import type { DeviceModel, Device as DeviceRow } from '@waymark/db/client';

export type DeviceWithModel = DeviceRow & { model?: DeviceModel | null };

const STATUSES = new Set(['online', 'offline', 'unknown']);

export function presentDevice(row: DeviceWithModel): Device {
  return {
    id: row.id,
    name: row.name,
    uniqueId: row.uniqueId,
    status: (STATUSES.has(row.status) ? row.status : 'unknown') as Device['status'],
    disabled: row.disabled,
    lastUpdate: row.lastUpdate?.toISOString() ?? null,
    positionId: row.positionId === null ? null : Number(row.positionId),
    groupId: row.groupId,
    userId: row.userId,
    tenantId: row.tenantId,
    phone: row.phone,
    model: row.model?.name ?? null,
    contact: row.contact,
    category: row.category,
    expirationTime: row.expirationTime?.toISOString() ?? null,
    attributes: (row.attributes ?? {}) as Record<string, unknown>,
  };
}
