import type { Device, Position } from '@waymark/contracts/device';

const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

interface Point {
  latitude: number;
  longitude: number;
}

/** Great-circle distance in metres (haversine). */
export function distanceMetres(a: Point, b: Point): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Initial bearing from a to b, degrees clockwise from north in [0, 360). */
export function bearingDegrees(a: Point, b: Point): number {
  const y = Math.sin(rad(b.longitude - a.longitude)) * Math.cos(rad(b.latitude));
  const x =
    Math.cos(rad(a.latitude)) * Math.sin(rad(b.latitude)) -
    Math.sin(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.cos(rad(b.longitude - a.longitude));
  return ((Math.atan2(y, x) * 180) / Math.PI + 360) % 360;
}

const COMPASS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] as const;
export type CompassPoint = (typeof COMPASS)[number];

/** The nearest of the eight compass points. */
export function compassPoint(bearing: number): CompassPoint {
  return COMPASS[Math.round(bearing / 45) % 8] ?? 'N';
}

export interface RadarEntry {
  device: Device;
  position: Position;
  distance: number;
  bearing: number;
}

/** Every other device with a position, by distance from the centre device's position, nearest first. */
export function radarEntries(
  centreId: number,
  devices: readonly Device[],
  positions: readonly Position[],
): { centre: Position | undefined; entries: RadarEntry[] } {
  const byDevice = new Map(positions.map((p) => [p.deviceId, p]));
  const centre = byDevice.get(centreId);
  if (!centre) return { centre, entries: [] };
  const entries: RadarEntry[] = [];
  for (const device of devices) {
    const position = byDevice.get(device.id);
    if (device.id === centreId || !position) continue;
    entries.push({
      device,
      position,
      distance: distanceMetres(centre, position),
      bearing: bearingDegrees(centre, position),
    });
  }
  entries.sort((a, b) => a.distance - b.distance);
  return { centre, entries };
}
