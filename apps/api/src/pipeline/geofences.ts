import type { Area } from '@waymark/geo/area';
import { parseArea } from '@waymark/geo/area';
import { containsPoint } from '@waymark/geo/contains';
import type { WorkingPosition } from './types';

export interface GeofenceShape {
  id: number;
  area: Area | null;
  lineDistance: number;
  /** alertOnEntry, alertOnExit, speedLimit (knots), … */
  attributes: Record<string, unknown>;
  calendarId: number | null;
}

const parsed = new Map<string, Area | null>();

/** The parsed area of a stored text, parsed once per text (shared by geofences and planned routes). */
export function parsedArea(id: number, text: string): Area | null {
  const key = `${id}:${text}`;
  if (!parsed.has(key)) {
    let area: Area | null = null;
    try {
      area = parseArea(text);
    } catch {
      area = null; // an unreadable area matches nothing; the geofence and route APIs refuse to store one
    }
    if (parsed.size > 50_000) parsed.clear();
    parsed.set(key, area);
  }
  return parsed.get(key) ?? null;
}

export function shapeOf(
  id: number,
  text: string,
  attributes: Record<string, unknown> | null,
  calendarId: number | null,
): GeofenceShape {
  const distance = Number(attributes?.polylineDistance ?? 25);
  return {
    id,
    area: parsedArea(id, text),
    lineDistance: Number.isFinite(distance) ? distance : 25,
    attributes: attributes ?? {},
    calendarId,
  };
}

/** position.geofenceIds: the device's geofences containing the position (sorted). */
export function applyGeofences(position: WorkingPosition, shapes: readonly GeofenceShape[]): void {
  position.geofenceIds = shapes
    .filter((s) => s.area && containsPoint(s.area, position.latitude, position.longitude, s.lineDistance))
    .map((s) => s.id)
    .sort((a, b) => a - b);
}
