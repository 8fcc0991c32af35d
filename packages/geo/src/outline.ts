import { EARTH_RADIUS_METRES } from './contains';

/** Circles are drawn (and measured against by clients) as polygons of this many corners. */
export const CIRCLE_STEPS = 32;

const rad = (degrees: number) => (degrees * Math.PI) / 180;
const deg = (radians: number) => (radians * 180) / Math.PI;

/**
 * The point `distance` metres from (lat, lon) heading `bearing` degrees clockwise from north, on a sphere;
 * the longitude comes back in [-180, 180).
 */
export function destination(lat: number, lon: number, distance: number, bearing: number): [number, number] {
  const lat1 = rad(lat);
  const lon1 = rad(lon);
  const angular = distance / EARTH_RADIUS_METRES;
  const theta = rad(bearing);
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(angular) + Math.cos(lat1) * Math.sin(angular) * Math.cos(theta));
  const lon2 =
    lon1 +
    Math.atan2(
      Math.sin(theta) * Math.sin(angular) * Math.cos(lat1),
      Math.cos(angular) - Math.sin(lat1) * Math.sin(lat2),
    );
  return [deg(lat2), ((deg(lon2) + 540) % 360) - 180];
}

/** A circle as `steps` points `radius` metres from its centre, the first one due north, then clockwise. */
export function circleOutline(lat: number, lon: number, radius: number, steps = CIRCLE_STEPS): [number, number][] {
  return Array.from({ length: steps }, (_, i) => destination(lat, lon, radius, (360 * i) / steps));
}
