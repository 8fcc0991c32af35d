import type { CombinedReportItem, ReportQuery } from '@waymark/contracts/report';
import type { AuthContext } from '../../plugins/app/auth-context';
import { presentEvent } from '../events/events.presenter';
import { presentPosition } from '../positions/positions.presenter';
import { reportDevices, reportPeriod } from './report-scope';

/** The most points of a device's simplified route, and events per device, in a combined report. */
const ROUTE_POINTS = 2000;
const EVENTS = 1000;

/**
 * Drops points closer than `tolerance` degrees to the line between their kept neighbours (Douglas–Peucker,
 * iterative), then thins evenly to `max` points if still longer.
 */
export function simplify(points: [number, number][], tolerance: number, max: number): [number, number][] {
  if (points.length <= 2) return points;
  const keep = new Uint8Array(points.length);
  keep[0] = 1;
  keep[points.length - 1] = 1;
  const stack: [number, number][] = [[0, points.length - 1]];
  while (stack.length > 0) {
    const [a, b] = stack.pop() as [number, number];
    const [ax, ay] = points[a] as [number, number];
    const [bx, by] = points[b] as [number, number];
    let worst = -1;
    let index = -1;
    for (let i = a + 1; i < b; i++) {
      const [px, py] = points[i] as [number, number];
      const dx = bx - ax;
      const dy = by - ay;
      const len = dx * dx + dy * dy;
      const t = len === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len));
      const d = Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
      if (d > worst) {
        worst = d;
        index = i;
      }
    }
    if (index > 0 && worst > tolerance) {
      keep[index] = 1;
      stack.push([a, index], [index, b]);
    }
  }
  const kept = points.filter((_, i) => keep[i] === 1);
  if (kept.length <= max) return kept;
  const step = (kept.length - 1) / (max - 1);
  return Array.from({ length: max }, (_, i) => kept[Math.round(i * step)] as [number, number]);
}

/** GET /api/reports/combined: per device, its simplified route, its events and their positions. */
export async function combinedReport(auth: AuthContext, q: ReportQuery): Promise<CombinedReportItem[]> {
  const { from, to } = reportPeriod(auth, 'combined', q);
  const devices = await reportDevices(auth, q);
  const items: CombinedReportItem[] = [];
  for (const device of devices) {
    const period = { gte: new Date(from), lte: new Date(to) };
    const [track, events] = await Promise.all([
      auth.db.position.findMany({
        where: { deviceId: device.id, fixTime: period },
        orderBy: [{ fixTime: 'asc' }, { id: 'asc' }],
        select: { latitude: true, longitude: true },
      }),
      auth.db.event.findMany({
        where: { deviceId: device.id, eventTime: period },
        orderBy: [{ eventTime: 'asc' }, { id: 'asc' }],
        take: EVENTS,
      }),
    ]);
    const positionIds = [...new Set(events.map((e) => e.positionId).filter((id): id is bigint => id !== null))];
    const positions = positionIds.length
      ? await auth.db.position.findMany({ where: { deviceId: device.id, id: { in: positionIds } } })
      : [];
    items.push({
      deviceId: device.id,
      route: simplify(
        track.map((p) => [p.longitude, p.latitude]),
        0.00005,
        ROUTE_POINTS,
      ),
      events: events.map(presentEvent),
      positions: positions.map(presentPosition),
    });
  }
  return items;
}
