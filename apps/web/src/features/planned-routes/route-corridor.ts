import type { LatLon } from '../geofences/geofence-geometry';

/** Metres per pixel of a Web Mercator map at `zoom` and `latitude` (256-pixel tiles). */
export function metresPerPixel(latitude: number, zoom: number): number {
  return (40_075_016.686 * Math.cos((latitude * Math.PI) / 180)) / 2 ** (zoom + 8);
}

/**
 * The stroke width in pixels that draws a corridor `width` metres wide around a line at this zoom (at least 2 px
 * so that the line stays visible when the map is zoomed far out).
 */
export function corridorWeight(width: number, points: readonly LatLon[], zoom: number): number {
  const latitude = points.length > 0 ? points.reduce((sum, p) => sum + p[0], 0) / points.length : 0;
  return Math.max(2, width / metresPerPixel(latitude, zoom));
}
