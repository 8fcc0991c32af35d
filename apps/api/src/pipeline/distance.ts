import type { LastPosition, WorkingPosition } from './types';

const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres (haversine). */
export function distanceMetres(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = rad(lat2 - lat1);
  const dLon = rad(lon2 - lon1);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

/**
 * attributes.distance (metres from the latest position) and attributes.totalDistance (running sum), as
 * Traccar computes them. An older (archived) position adds nothing and carries the current total.
 */
export function applyDistance(position: WorkingPosition, last: LastPosition | null): void {
  const lastTotal = Number(last?.attributes.totalDistance ?? 0);
  if (!last || position.fixTime < last.fixTime) {
    position.attributes.distance = 0;
    position.attributes.totalDistance = lastTotal;
    return;
  }
  const d = distanceMetres(last.latitude, last.longitude, position.latitude, position.longitude);
  const rounded = Math.round(d * 100) / 100;
  position.attributes.distance = rounded;
  position.attributes.totalDistance = Math.round((lastTotal + rounded) * 100) / 100;
}
