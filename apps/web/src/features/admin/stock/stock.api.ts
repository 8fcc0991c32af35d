import { dataSchema, pageSchema } from '@waymark/contracts/common';
import { groupSchema } from '@waymark/contracts/group';
import {
  type StockDeviceUpdate,
  type StockExpiry,
  type StockUserMove,
  stockBulkResultSchema,
  stockDeviceDetailSchema,
  stockDeviceSchema,
  stockImportReportSchema,
  stockStatsSchema,
} from '@waymark/contracts/stock-device';
import { userSchema } from '@waymark/contracts/user';
import { z } from 'zod';
import { http } from '../../../api/http';
import { queryString } from '../shared/use-page-query';

const BASE = '/api/v2/device';
const unwrap = <T>(p: Promise<{ data: T }>) => p.then((r) => r.data);

export const fetchStockDevices = (params: Record<string, string | number>) =>
  unwrap(http(`${BASE}${queryString(params)}`, { schema: dataSchema(pageSchema(stockDeviceSchema)) }));

/** Every tile's count in one call. */
export const fetchStockStats = () => unwrap(http(`${BASE}/stats`, { schema: dataSchema(stockStatsSchema) }));

export const fetchStockDevice = (id: number) =>
  unwrap(http(`${BASE}/${id}`, { schema: dataSchema(stockDeviceDetailSchema) }));

export const updateStockDevice = (id: number, body: StockDeviceUpdate) =>
  unwrap(http(`${BASE}/${id}`, { method: 'PUT', body, schema: dataSchema(stockDeviceDetailSchema) }));

const one = dataSchema(stockDeviceSchema);
export const setDeviceActive = (id: number, active: boolean) =>
  unwrap(http(`${BASE}/${id}/${active ? 'activate' : 'deactivate'}`, { method: 'POST', schema: one }));
export const deleteStockDevice = (id: number) => http(`${BASE}/${id}`, { method: 'DELETE' });
export const assignDeviceTenant = (id: number, tenantId: number) =>
  unwrap(http(`${BASE}/${id}/tenant`, { method: 'POST', body: { tenantId }, schema: one }));
export const assignDeviceGroup = (id: number, groupId: number) =>
  unwrap(http(`${BASE}/${id}/group`, { method: 'POST', body: { groupId }, schema: one }));
export const moveDevicesToUser = (body: StockUserMove) =>
  unwrap(http(`${BASE}/user/move`, { method: 'POST', body, schema: dataSchema(stockBulkResultSchema) }));
export const unassignDevice = (id: number) => unwrap(http(`${BASE}/${id}/unassign`, { method: 'POST', schema: one }));
export const removeDeviceUser = (id: number) =>
  unwrap(http(`${BASE}/${id}/remove-user`, { method: 'POST', schema: one }));
export const setDevicesExpiry = (body: StockExpiry) =>
  unwrap(http(`${BASE}/expiry`, { method: 'PUT', body, schema: dataSchema(stockBulkResultSchema) }));

export const previewDeviceImport = (csv: string) =>
  unwrap(
    http(`${BASE}/import/preview`, { method: 'POST', body: { csv }, schema: dataSchema(stockImportReportSchema) }),
  );
export const importDevices = (csv: string) =>
  unwrap(http(`${BASE}/import`, { method: 'POST', body: { csv }, schema: dataSchema(stockImportReportSchema) }));

/** The groups to offer for a device: the visible ones of its tenant. */
export const fetchTenantGroups = (tenantId: number) =>
  http('/api/groups?all=true', { schema: z.array(groupSchema) }).then((groups) =>
    groups.filter((g) => g.tenantId === tenantId),
  );

/** The users to offer for a device: its tenant's. */
export const fetchTenantUsers = (tenantId: number) =>
  unwrap(
    http(`/api/v2/user${queryString({ tenantId, size: 500 })}`, { schema: dataSchema(pageSchema(userSchema)) }),
  ).then((page) => page.content);
