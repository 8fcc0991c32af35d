import { type DeviceInput, type deviceListQuerySchema, deviceSchema, positionSchema } from '@waymark/contracts/device';
import { shareLinkSchema } from '@waymark/contracts/share';
import { z } from 'zod';
import { http } from '../../api/http';

const devicesSchema = z.array(deviceSchema);
const positionsSchema = z.array(positionSchema);

/** Filters of GET /api/devices (Traccar's list parameters), as the contract reads them. */
export type DeviceListParams = Partial<
  Pick<z.output<typeof deviceListQuerySchema>, 'keyword' | 'groupId' | 'userId' | 'all' | 'limit' | 'offset'>
>;

function query(params: Record<string, string | number | boolean | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * GET /api/devices: devices of the user's tenants with status and last update. `all` unless told otherwise: the
 * web app shows platform staff every tenant's devices (without it they get the platform's stock only, as
 * Traccar's clients expect); tenant users get their tenants' devices either way.
 */
export const fetchDevices = (params: DeviceListParams = {}, signal?: AbortSignal) =>
  http(`/api/devices${query({ all: true, ...params })}`, { schema: devicesSchema, signal });

/** GET /api/devices/:id */
export const fetchDevice = (id: number, signal?: AbortSignal) =>
  http(`/api/devices/${id}`, { schema: deviceSchema, signal });

/** GET /api/positions: the latest position of each visible device. */
export const fetchLatestPositions = (signal?: AbortSignal) =>
  http('/api/positions', { schema: positionsSchema, signal });

/** POST /api/devices (409 when the identifier exists). */
export const createDevice = (input: DeviceInput) =>
  http('/api/devices', { method: 'POST', body: input, schema: deviceSchema });

/** PUT /api/devices/:id; Traccar's body carries the id as well. */
export const updateDevice = (id: number, input: DeviceInput) =>
  http(`/api/devices/${id}`, { method: 'PUT', body: { ...input, id }, schema: deviceSchema });

/** DELETE /api/devices/:id */
export async function deleteDevice(id: number): Promise<void> {
  await http(`/api/devices/${id}`, { method: 'DELETE' });
}

/** POST /api/share/device: a public link to the device's live position until `expiration` (ISO). */
export const shareDevice = (deviceId: number, expiration: string) =>
  http('/api/share/device', { method: 'POST', body: { deviceId, expiration }, schema: shareLinkSchema });
