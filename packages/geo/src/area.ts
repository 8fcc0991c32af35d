/**
 * Geofence areas in Traccar's text form: WKT with LATITUDE BEFORE LONGITUDE, plus Traccar's CIRCLE.
 *   CIRCLE (lat lon, radiusMetres) · POLYGON ((lat lon, lat lon, …)) · LINESTRING (lat lon, lat lon, …)
 */
export type Area =
  | { type: 'circle'; lat: number; lon: number; radius: number }
  | { type: 'polygon'; rings: [number, number][][] }
  | { type: 'polyline'; points: [number, number][] };

export class AreaError extends Error {}

const NUM = String.raw`[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?`;
/** "lat lon" with an optional third number (altitude), nothing else. */
const PAIR = new RegExp(`^(${NUM})\\s+(${NUM})(?:\\s+${NUM})?$`);

function pairs(text: string): [number, number][] {
  return text.split(',').map((raw) => {
    const pair = raw.trim();
    const m = PAIR.exec(pair);
    const lat = Number(m?.[1]);
    const lon = Number(m?.[2]);
    if (!m || !Number.isFinite(lat) || !Number.isFinite(lon)) throw new AreaError(`bad coordinate "${pair}"`);
    if (Math.abs(lat) > 90 || Math.abs(lon) > 180) throw new AreaError(`coordinate out of range "${pair}"`);
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
    const parts = body.split(',');
    if (parts.length !== 2) throw new AreaError('a circle is CIRCLE (lat lon, radius)');
    const [[lat, lon]] = pairs(parts[0] as string) as [[number, number]];
    const radius = (parts[1] as string).trim();
    const r = new RegExp(`^${NUM}$`).test(radius) ? Number(radius) : Number.NaN;
    if (!(r > 0) || !Number.isFinite(r)) throw new AreaError('a circle needs a positive radius in metres');
    return { type: 'circle', lat, lon, radius: r };
  }
  if (kind === 'POLYGON') {
    // ((ring), (hole), …): nothing but rings separated by commas inside the outer parentheses
    if (!/^\s*\([^()]*\)(?:\s*,\s*\([^()]*\))*\s*$/.test(body))
      throw new AreaError('a polygon is POLYGON ((lat lon, …))');
    const rings = [...body.matchAll(/\(([^()]*)\)/g)].map((m) => pairs(m[1] as string));
    if (rings.length === 0 || rings.some((r) => r.length < 3))
      throw new AreaError('a polygon needs rings of 3 or more points');
    return { type: 'polygon', rings };
  }
  if (/[()]/.test(body)) throw new AreaError('a line is LINESTRING (lat lon, lat lon, …)');
  const points = pairs(body);
  if (points.length < 2) throw new AreaError('a line needs 2 or more points');
  return { type: 'polyline', points };
}

/** Rounds without trailing zeros: 48.85661234 → 48.856612 at 6 digits. */
const round = (value: number, digits: number) => Number(value.toFixed(digits));
const pointText = ([lat, lon]: readonly [number, number]) => `${round(lat, 6)} ${round(lon, 6)}`;
const sameStart = (ring: readonly (readonly [number, number])[]) => {
  const first = ring[0];
  const last = ring[ring.length - 1];
  return !first || !last || (first[0] === last[0] && first[1] === last[1]);
};

/**
 * Writes an area in the same text form `parseArea` reads, latitude first: coordinates to 6 decimals (about
 * 10 cm), a circle's radius to 0.1 m, every polygon ring closed (its first point repeated at the end).
 */
export function formatArea(area: Area): string {
  switch (area.type) {
    case 'circle':
      return `CIRCLE (${pointText([area.lat, area.lon])}, ${round(area.radius, 1)})`;
    case 'polygon': {
      const rings = area.rings.map((ring) => {
        const closed = sameStart(ring) ? ring : [...ring, ring[0] as [number, number]];
        return `(${closed.map(pointText).join(', ')})`;
      });
      return `POLYGON (${rings.join(', ')})`;
    }
    case 'polyline':
      return `LINESTRING (${area.points.map(pointText).join(', ')})`;
  }
}
