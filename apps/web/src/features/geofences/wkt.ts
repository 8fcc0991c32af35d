/** A point as Traccar's WKT writes it: latitude first. */
export type LatLon = readonly [lat: number, lon: number];

/** A geofence area in map terms. */
export type GeofenceGeometry =
  | { kind: 'circle'; center: LatLon; radius: number }
  | { kind: 'polygon'; points: LatLon[] }
  | { kind: 'polyline'; points: LatLon[] };

export type GeofenceShape = GeofenceGeometry['kind'];

const EARTH_RADIUS = 6_371_008.8; // metres, mean radius
/** SPEC section 9: circles are drawn as 32-step polygons. */
export const CIRCLE_STEPS = 32;

const NUMBER = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?$/i;

function parseNumber(text: string): number | null {
  const trimmed = text.trim();
  if (!NUMBER.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
}

function parsePoint(text: string): LatLon | null {
  const parts = text.trim().split(/\s+/);
  if (parts.length !== 2) return null;
  const lat = parseNumber(parts[0] ?? '');
  const lon = parseNumber(parts[1] ?? '');
  if (lat === null || lon === null || Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;
  return [lat, lon];
}

function parsePoints(text: string): LatLon[] | null {
  const points: LatLon[] = [];
  for (const part of text.split(',')) {
    const point = parsePoint(part);
    if (!point) return null;
    points.push(point);
  }
  return points;
}

const samePoint = (a: LatLon, b: LatLon) => a[0] === b[0] && a[1] === b[1];

/**
 * Reads Traccar's area text: `CIRCLE (lat lon, radius)`, `POLYGON ((lat lon, …))` (outer ring only; the
 * closing point is dropped) or `LINESTRING (lat lon, …)`. Null when it is not one of those.
 */
export function parseWkt(text: string): GeofenceGeometry | null {
  const match = /^\s*(CIRCLE|POLYGON|LINESTRING)\s*\((.*)\)\s*$/is.exec(text);
  if (!match) return null;
  const kind = (match[1] ?? '').toUpperCase();
  const body = (match[2] ?? '').trim();
  if (kind === 'CIRCLE') {
    const [centre, radiusText, ...rest] = body.split(',');
    if (rest.length > 0 || centre === undefined || radiusText === undefined) return null;
    const center = parsePoint(centre);
    const radius = parseNumber(radiusText);
    if (!center || radius === null || radius <= 0) return null;
    return { kind: 'circle', center, radius };
  }
  if (kind === 'POLYGON') {
    const ring = /^\(([^()]*)\)/.exec(body);
    const points = ring ? parsePoints(ring[1] ?? '') : null;
    if (!points) return null;
    const first = points[0];
    const last = points[points.length - 1];
    if (first && last && points.length > 1 && samePoint(first, last)) points.pop();
    return points.length >= 3 ? { kind: 'polygon', points } : null;
  }
  const points = parsePoints(body);
  return points && points.length >= 2 ? { kind: 'polyline', points } : null;
}

const round = (value: number, digits: number) => Number(value.toFixed(digits));
const pointText = ([lat, lon]: LatLon) => `${round(lat, 6)} ${round(lon, 6)}`;

/** Writes a geometry as Traccar's area text (latitude first; polygon rings closed). */
export function toWkt(geometry: GeofenceGeometry): string {
  switch (geometry.kind) {
    case 'circle':
      return `CIRCLE (${pointText(geometry.center)}, ${round(geometry.radius, 1)})`;
    case 'polygon': {
      const ring = [...geometry.points];
      const first = ring[0];
      const last = ring[ring.length - 1];
      if (first && last && !samePoint(first, last)) ring.push(first);
      return `POLYGON ((${ring.map(pointText).join(', ')}))`;
    }
    case 'polyline':
      return `LINESTRING (${geometry.points.map(pointText).join(', ')})`;
  }
}

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
const toDegrees = (radians: number) => (radians * 180) / Math.PI;

/** The point `distance` metres from `center` in direction `bearing` (degrees from north), on a sphere. */
export function destination(center: LatLon, distance: number, bearing: number): LatLon {
  const lat1 = toRadians(center[0]);
  const lon1 = toRadians(center[1]);
  const angular = distance / EARTH_RADIUS;
  const theta = toRadians(bearing);
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(angular) + Math.cos(lat1) * Math.sin(angular) * Math.cos(theta));
  const lon2 =
    lon1 +
    Math.atan2(
      Math.sin(theta) * Math.sin(angular) * Math.cos(lat1),
      Math.cos(angular) - Math.sin(lat1) * Math.sin(lat2),
    );
  return [toDegrees(lat2), ((toDegrees(lon2) + 540) % 360) - 180];
}

/** A circle as a polygon of `steps` points `radius` metres from the centre (SPEC: 32 steps). */
export function circleToPolygon(center: LatLon, radius: number, steps = CIRCLE_STEPS): LatLon[] {
  return Array.from({ length: steps }, (_, i) => destination(center, radius, (360 * i) / steps));
}

/** Great-circle distance in metres. */
export function distanceBetween(a: LatLon, b: LatLon): number {
  const dLat = toRadians(b[0] - a[0]);
  const dLon = toRadians(b[1] - a[1]);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a[0])) * Math.cos(toRadians(b[0])) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The points to draw for a geometry: a circle becomes its 32-step polygon. */
export function outlineOf(geometry: GeofenceGeometry): LatLon[] {
  return geometry.kind === 'circle' ? circleToPolygon(geometry.center, geometry.radius) : geometry.points;
}

/** A point to centre the map on: a circle's centre, else the middle of the outline's bounds. */
export function centreOf(geometry: GeofenceGeometry): LatLon {
  if (geometry.kind === 'circle') return geometry.center;
  const lats = geometry.points.map((p) => p[0]);
  const lons = geometry.points.map((p) => p[1]);
  return [(Math.min(...lats) + Math.max(...lats)) / 2, (Math.min(...lons) + Math.max(...lons)) / 2];
}
