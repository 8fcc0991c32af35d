import { type Area, AreaError, formatArea, parseArea } from '@waymark/geo/area';
import { circleOutline } from '@waymark/geo/outline';

/** A point as the area text writes it: latitude first. */
export type LatLon = readonly [lat: number, lon: number];

/** A geofence area in the terms the map draws and edits it: one outline, no holes. */
export type GeofenceGeometry =
  | { kind: 'circle'; center: LatLon; radius: number }
  | { kind: 'polygon'; points: LatLon[] }
  | { kind: 'polyline'; points: LatLon[] };

export type GeofenceShape = GeofenceGeometry['kind'];

const samePoint = (a: LatLon, b: LatLon) => a[0] === b[0] && a[1] === b[1];

function areaOf(text: string): Area | null {
  try {
    return parseArea(text);
  } catch (error) {
    if (error instanceof AreaError) return null;
    throw error;
  }
}

/**
 * The shape to draw for an area text (read by @waymark/geo, as the server reads it), or null when it is not
 * one. A polygon keeps its outer ring only, without the closing point, and needs 3 corners besides it.
 */
export function geometryOf(text: string): GeofenceGeometry | null {
  const area = areaOf(text);
  if (!area) return null;
  switch (area.type) {
    case 'circle':
      return { kind: 'circle', center: [area.lat, area.lon], radius: area.radius };
    case 'polygon': {
      const points: LatLon[] = [...(area.rings[0] ?? [])];
      const first = points[0];
      const last = points[points.length - 1];
      if (first && last && points.length > 1 && samePoint(first, last)) points.pop();
      return points.length >= 3 ? { kind: 'polygon', points } : null;
    }
    case 'polyline':
      return { kind: 'polyline', points: area.points };
  }
}

const pair = ([lat, lon]: LatLon): [number, number] => [lat, lon];

/** The area text of a drawn shape (latitude first, the polygon's ring closed). */
export function areaTextOf(geometry: GeofenceGeometry): string {
  switch (geometry.kind) {
    case 'circle':
      return formatArea({ type: 'circle', lat: geometry.center[0], lon: geometry.center[1], radius: geometry.radius });
    case 'polygon':
      return formatArea({ type: 'polygon', rings: [geometry.points.map(pair)] });
    case 'polyline':
      return formatArea({ type: 'polyline', points: geometry.points.map(pair) });
  }
}

/** The points to draw for a geometry: a circle becomes its 32-corner polygon. */
export function outlineOf(geometry: GeofenceGeometry): LatLon[] {
  return geometry.kind === 'circle'
    ? circleOutline(geometry.center[0], geometry.center[1], geometry.radius)
    : geometry.points;
}

/** A point to centre the map on: a circle's centre, else the middle of the outline's bounds. */
export function centreOf(geometry: GeofenceGeometry): LatLon {
  if (geometry.kind === 'circle') return geometry.center;
  const lats = geometry.points.map((p) => p[0]);
  const lons = geometry.points.map((p) => p[1]);
  return [(Math.min(...lats) + Math.max(...lats)) / 2, (Math.min(...lons) + Math.max(...lons)) / 2];
}
