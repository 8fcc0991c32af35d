import { type GeofenceInput, geofenceSchema } from '@waymark/contracts/geofence';
import type { PermissionLink } from '@waymark/contracts/permission';
import { z } from 'zod';
import { http } from '../../api/http';

const geofenceListSchema = z.array(geofenceSchema);

/** GET /api/geofences, optionally those linked to one device. */
export function fetchGeofences(deviceId?: number) {
  return http(deviceId ? `/api/geofences?deviceId=${deviceId}` : '/api/geofences', { schema: geofenceListSchema });
}

export function createGeofence(input: GeofenceInput) {
  return http('/api/geofences', { method: 'POST', body: input, schema: geofenceSchema });
}

export function updateGeofence(id: number, input: GeofenceInput) {
  return http(`/api/geofences/${id}`, { method: 'PUT', body: { id, ...input }, schema: geofenceSchema });
}

export async function deleteGeofence(id: number): Promise<void> {
  await http(`/api/geofences/${id}`, { method: 'DELETE' });
}

/** POST or DELETE /api/permissions: links or unlinks two objects (Traccar's permission). */
export async function setLink(link: PermissionLink, linked: boolean): Promise<void> {
  await http('/api/permissions', { method: linked ? 'POST' : 'DELETE', body: link });
}
