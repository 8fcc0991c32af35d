/**
 * Geofence areas in Traccar's text form: WKT with LATITUDE BEFORE LONGITUDE, plus Traccar's CIRCLE.
 *   CIRCLE (lat lon, radiusMetres) · POLYGON ((lat lon, lat lon, …)) · LINESTRING (lat lon, lat lon, …)
 */
export type Area =
  | { type: 'circle'; lat: number; lon: number; radius: number }
  | { type: 'polygon'; rings: [number, number][][] }
  | { type: 'polyline'; points: [number, number][] };

export class AreaError extends Error {}

const NUMBER = /-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?/g;

function pairs(text: string): [number, number][] {
  return text.split(',').map((pair) => {
    const nums = pair.trim().match(NUMBER)?.map(Number) ?? [];
    if (nums.length < 2 || nums.some((n) => !Number.isFinite(n)))
      throw new AreaError(`bad coordinate "${pair.trim()}"`);
    const [lat, lon] = nums as [number, number];
    if (Math.abs(lat) > 90 || Math.abs(lon) > 180) throw new AreaError(`coordinate out of range "${pair.trim()}"`);
    return [lat, lon];
  });
}

export function parseArea(text: string): Area {
  const trimmed = text.trim();
  const match = /^(CIRCLE|POLYGON|LINESTRING)\s*\(([\s\S]*)\)$/i.exec(trimmed);
  if (!match) throw new AreaError('expected CIRCLE (…), POLYGON ((…)) or LINESTRING (…)');
  const kind = (match[1] as string).toUpperCase();
  const body = match[2] as string;
  if (kind === 'CIRCLE') {
    const [centre = '', radius = ''] = body.split(',');
    const [[lat, lon]] = pairs(centre) as [[number, number]];
    const r = Number(radius.trim());
    if (!(r > 0)) throw new AreaError('a circle needs a positive radius in metres');
    return { type: 'circle', lat, lon, radius: r };
  }
  if (kind === 'POLYGON') {
    const rings = [...body.matchAll(/\(([^()]*)\)/g)].map((m) => pairs(m[1] as string));
    if (rings.length === 0 || rings.some((r) => r.length < 3))
      throw new AreaError('a polygon needs rings of 3 or more points');
    return { type: 'polygon', rings };
  }
  const points = pairs(body);
  if (points.length < 2) throw new AreaError('a line needs 2 or more points');
  return { type: 'polyline', points };
}
