import type { Area } from '@waymark/geo/area';
import { parseArea } from '@waymark/geo/area';
import { containsPoint } from '@waymark/geo/contains';
import type pg from 'pg';
import type { WorkingPosition } from './types';

interface GeofenceShape {
  id: number;
  area: Area | null;
  lineDistance: number;
}

const parsed = new Map<string, Area | null>();

function shapeOf(id: number, text: string, attributes: Record<string, unknown> | null): GeofenceShape {
  const key = `${id}:${text}`;
  if (!parsed.has(key)) {
    let area: Area | null = null;
    try {
      area = parseArea(text);
    } catch {
      area = null; // an unreadable area matches nothing; the geofence API refuses to store one
    }
    if (parsed.size > 50_000) parsed.clear();
    parsed.set(key, area);
  }
  const distance = Number(attributes?.polylineDistance ?? 25);
  return { id, area: parsed.get(key) ?? null, lineDistance: Number.isFinite(distance) ? distance : 25 };
}

/** The geofences that apply to each device: linked to it or to its group. */
export async function loadDeviceGeofences(
  client: pg.PoolClient,
  deviceIds: number[],
): Promise<Map<number, GeofenceShape[]>> {
  const result = new Map<number, GeofenceShape[]>();
  if (deviceIds.length === 0) return result;
  const { rows } = await client.query({
    name: 'waymark-device-geofences',
    text: `SELECT dg."deviceId" AS device, g.id, g.area, g.attributes
       FROM device_geofences dg JOIN geofences g ON g.id = dg."geofenceId"
      WHERE dg."deviceId" = ANY($1::int[])
     UNION
     SELECT d.id AS device, g.id, g.area, g.attributes
       FROM devices d JOIN group_geofences gg ON gg."groupId" = d."groupId" JOIN geofences g ON g.id = gg."geofenceId"
      WHERE d.id = ANY($1::int[])`,
    values: [deviceIds],
  });
  for (const r of rows) {
    const list = result.get(r.device) ?? [];
    list.push(shapeOf(r.id, r.area, r.attributes));
    result.set(r.device, list);
  }
  return result;
}

/** position.geofenceIds: the device's geofences containing the position (sorted). */
export function applyGeofences(position: WorkingPosition, shapes: readonly GeofenceShape[]): void {
  position.geofenceIds = shapes
    .filter((s) => s.area && containsPoint(s.area, position.latitude, position.longitude, s.lineDistance))
    .map((s) => s.id)
    .sort((a, b) => a - b);
}

const LINK_TTL_MS = 10_000;

/**
 * The devices' geofences, re-read at most every 10 s per device: a geofence linked or changed takes effect
 * within that time, and the hot path reads the links once per device instead of once per batch.
 */
export class GeofenceCache {
  private readonly entries = new Map<number, { shapes: GeofenceShape[]; at: number }>();

  async get(client: pg.PoolClient, deviceIds: number[], now: number): Promise<Map<number, GeofenceShape[]>> {
    const stale = deviceIds.filter((id) => {
      const e = this.entries.get(id);
      return !e || now - e.at > LINK_TTL_MS;
    });
    if (stale.length > 0) {
      const fresh = await loadDeviceGeofences(client, stale);
      if (this.entries.size > 200_000) this.entries.clear();
      for (const id of stale) this.entries.set(id, { shapes: fresh.get(id) ?? [], at: now });
    }
    return new Map(deviceIds.map((id) => [id, this.entries.get(id)?.shapes ?? []]));
  }
}
