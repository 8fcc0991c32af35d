import type { Area } from './area';

/** Mean earth radius in metres (the sphere every distance here is measured on). */
export const EARTH_RADIUS_METRES = 6_371_008.8;
const R = EARTH_RADIUS_METRES;
const rad = (d: number) => (d * Math.PI) / 180;

export function distanceMetres(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const a =
    Math.sin(rad(lat2 - lat1) / 2) ** 2 +
    Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(rad(lon2 - lon1) / 2) ** 2;
  return 2 * R * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Ray casting on one ring (lat/lon treated as planar, fine at geofence scale). */
function inRing(ring: [number, number][], lat: number, lon: number): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [yi, xi] = ring[i] as [number, number];
    const [yj, xj] = ring[j] as [number, number];
    if (yi > lat !== yj > lat && lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Metres from a point to a segment, on a local equirectangular projection. */
function toSegment(lat: number, lon: number, a: [number, number], b: [number, number]): number {
  const k = Math.cos(rad(lat));
  const [ax, ay] = [rad(a[1]) * k * R, rad(a[0]) * R];
  const [bx, by] = [rad(b[1]) * k * R, rad(b[0]) * R];
  const [px, py] = [rad(lon) * k * R, rad(lat) * R];
  const dx = bx - ax;
  const dy = by - ay;
  const len = dx * dx + dy * dy;
  const t = len === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/**
 * Whether the point is inside the area: within a circle's radius, inside a polygon's outer ring and outside its
 * holes, or within `lineDistance` metres of a polyline.
 */
export function containsPoint(area: Area, lat: number, lon: number, lineDistance = 25): boolean {
  switch (area.type) {
    case 'circle':
      return distanceMetres(area.lat, area.lon, lat, lon) <= area.radius;
    case 'polygon': {
      const [outer, ...holes] = area.rings;
      return !!outer && inRing(outer, lat, lon) && !holes.some((h) => inRing(h, lat, lon));
    }
    case 'polyline':
      for (let i = 1; i < area.points.length; i++) {
        if (
          toSegment(lat, lon, area.points[i - 1] as [number, number], area.points[i] as [number, number]) <=
          lineDistance
        )
          return true;
      }
      return false;
  }
}
