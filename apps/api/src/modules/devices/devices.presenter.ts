import type { Device } from '@waymark/contracts/device';
import type { DeviceModel, Device as DeviceRow } from '@waymark/db/client';

export type DeviceWithModel = DeviceRow & { model?: DeviceModel | null };

const STATUSES = new Set(['online', 'offline', 'unknown']);
const iso = (d: Date | null) => d?.toISOString() ?? null;

export function presentDevice(row: DeviceWithModel): Device {
  return {
    id: row.id,
    name: row.name,
    uniqueId: row.uniqueId,
    status: (STATUSES.has(row.status) ? row.status : 'unknown') as Device['status'],
    disabled: row.disabled,
    lastUpdate: iso(row.lastUpdate),
    positionId: row.positionId === null ? null : Number(row.positionId),
    groupId: row.groupId,
    userId: row.userId,
    tenantId: row.tenantId,
    phone: row.phone,
    model: row.model?.name ?? null,
    contact: row.contact,
    category: row.category,
    expirationTime: iso(row.expirationTime),
    vendorId: row.vendorId,
    calendarId: row.calendarId,
    plateNumber: row.plateNumber,
    vin: row.vin,
    engineNumber: row.engineNumber,
    color: row.color,
    brand: row.brand,
    vehicleModel: row.vehicleModel,
    installedBy: row.installedBy,
    installedAt: iso(row.installedAt),
    installationCompany: row.installationCompany,
    installationPosition: row.installationPosition,
    installationAddress: row.installationAddress,
    installationImage: row.installationImage,
    fuelTankShape: row.fuelTankShape,
    fuelTankLength: row.fuelTankLength,
    fuelTankWidth: row.fuelTankWidth,
    fuelTankHeight: row.fuelTankHeight,
    fuelTankDiameter: row.fuelTankDiameter,
    fuelTankVolume: row.fuelTankVolume,
    fuelDropThreshold: row.fuelDropThreshold,
    fuelIncreaseThreshold: row.fuelIncreaseThreshold,
    temperatureDropThreshold: row.temperatureDropThreshold,
    temperatureIncreaseThreshold: row.temperatureIncreaseThreshold,
    frontTireChangeDate: iso(row.frontTireChangeDate),
    frontTireDistance: row.frontTireDistance,
    rearTireChangeDate: iso(row.rearTireChangeDate),
    rearTireDistance: row.rearTireDistance,
    motIssueDate: iso(row.motIssueDate),
    motExpiryDate: iso(row.motExpiryDate),
    permitNumber: row.permitNumber,
    permitCoverage: row.permitCoverage,
    attributes: (row.attributes ?? {}) as Record<string, unknown>,
  };
}
