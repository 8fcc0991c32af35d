import { POI_NEAR_METRES } from '@waymark/contracts/poi';
import { distanceMetres } from '@waymark/geo/contains';
import type { AuthContext } from '../../plugins/app/auth-context';

interface Point {
  latitude: number;
  longitude: number;
}

/** The name of the nearest POI within POI_NEAR_METRES of a point, or null. */
export type NearestPoi = (latitude: number, longitude: number) => string | null;

const NONE: NearestPoi = () => null;
const METRES_PER_DEGREE = 111_320;
/** Grid cells of this many degrees of latitude (about 555 m, more than the search distance). */
const CELL = 0.005;

/**
 * The nearest-POI lookup for the points of one report: one query loads the caller's POIs inside the points'
 * bounding box (widened by the search distance), then a grid finds each point's candidates without a query or a
 * scan of every POI per row. Callers without VIEW_POIS get no names (the POIs are not theirs to see).
 */
export async function nearestPois(auth: AuthContext, points: readonly Point[]): Promise<NearestPoi> {
  if (points.length === 0 || !auth.permissions.includes('VIEW_POIS')) return NONE;
  let south = 90;
  let north = -90;
  let west = 180;
  let east = -180;
  for (const p of points) {
    south = Math.min(south, p.latitude);
    north = Math.max(north, p.latitude);
    west = Math.min(west, p.longitude);
    east = Math.max(east, p.longitude);
  }
  const pad = POI_NEAR_METRES / METRES_PER_DEGREE;
  // a degree of longitude shrinks towards the poles: widen by the most it takes at the box's edge
  const lonPad = pad / Math.max(0.01, Math.cos((Math.max(Math.abs(south), Math.abs(north)) * Math.PI) / 180));
  const rows = await auth.db.poi.findMany({
    where: {
      latitude: { gte: south - pad, lte: north + pad },
      longitude: { gte: west - lonPad, lte: east + lonPad },
    },
    select: { name: true, latitude: true, longitude: true },
    orderBy: { id: 'asc' },
  });
  if (rows.length === 0) return NONE;
  const grid = new Map<string, typeof rows>();
  const cellOf = (lat: number, lon: number) => `${Math.floor(lat / CELL)}:${Math.floor(lon / CELL)}`;
  for (const row of rows) {
    const key = cellOf(row.latitude, row.longitude);
    const cell = grid.get(key);
    if (cell) cell.push(row);
    else grid.set(key, [row]);
  }
  return (latitude, longitude) => {
    const row = Math.floor(latitude / CELL);
    const column = Math.floor(longitude / CELL);
    // cells of longitude are narrower in metres away from the equator: look as many of them either side as it takes
    const span = Math.ceil(1 / Math.max(0.01, Math.cos((latitude * Math.PI) / 180)));
    let best: string | null = null;
    let bestDistance = POI_NEAR_METRES;
    for (let r = row - 1; r <= row + 1; r++) {
      for (let c = column - span; c <= column + span; c++) {
        for (const poi of grid.get(`${r}:${c}`) ?? []) {
          const distance = distanceMetres(latitude, longitude, poi.latitude, poi.longitude);
          if (distance <= bestDistance) {
            bestDistance = distance;
            best = poi.name;
          }
        }
      }
    }
    return best;
  };
}
