const EARTH_RADIUS = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

export type LatLon = readonly [number, number];

/** Great-circle distance in metres (haversine). */
export function distanceBetween(a: LatLon, b: LatLon): number {
  const dLat = rad(b[0] - a[0]);
  const dLon = rad(b[1] - a[1]);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a[0])) * Math.cos(rad(b[0])) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Length of a path in metres. */
export function pathLength(points: readonly LatLon[]): number {
  let total = 0;
  for (let i = 1; i < points.length; i++) total += distanceBetween(points[i - 1] as LatLon, points[i] as LatLon);
  return total;
}

/** Area of a polygon on the sphere in square metres (closed implicitly; fewer than 3 points is 0). */
export function polygonArea(points: readonly LatLon[]): number {
  if (points.length < 3) return 0;
  let sum = 0;
  for (let i = 0; i < points.length; i++) {
    const p1 = points[i] as LatLon;
    const p2 = points[(i + 1) % points.length] as LatLon;
    sum += rad(p2[1] - p1[1]) * (2 + Math.sin(rad(p1[0])) + Math.sin(rad(p2[0])));
  }
  return Math.abs((sum * EARTH_RADIUS * EARTH_RADIUS) / 2);
}
