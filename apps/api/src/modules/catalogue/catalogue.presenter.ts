import type { DeviceModel, Manufacturer, Vendor } from '@waymark/contracts/catalogue';
import type { ManufacturerRow } from './manufacturers.service';
import type { ModelRow } from './models.service';
import type { VendorRow } from './vendors.service';

export function presentManufacturer(row: ManufacturerRow): Manufacturer {
  return { id: row.id, name: row.name, website: row.website, modelCount: row._count.models };
}

export function presentModel(row: ModelRow): DeviceModel {
  return {
    id: row.id,
    name: row.name,
    port: row.port,
    protocol: row.protocol,
    manufacturerId: row.manufacturerId,
    manufacturerName: row.manufacturer?.name ?? null,
    deviceCount: row._count.devices,
  };
}

export function presentVendor(row: VendorRow): Vendor {
  return {
    id: row.id,
    name: row.name,
    contact: row.contact,
    email: row.email,
    phone: row.phone,
    website: row.website,
    simCount: row._count.simCards,
  };
}
