import type { Position } from '@waymark/contracts/device';
import type { ReportQuery } from '@waymark/contracts/report';
import { REPORT_MAX_ROWS } from '@waymark/contracts/report';
import type { Position as PositionRow } from '@waymark/db/client';
import type { AuthContext } from '../../plugins/app/auth-context';
import { presentPosition } from '../positions/positions.presenter';
import { reportDevices, reportPeriod } from './report-scope';

const CHUNK = 2500;

/**
 * The positions of the devices over the period, device after device, each in time order, read in chunks (keyset
 * on device, fix time, id) so that an export of any size streams without holding the whole route. The next chunk
 * is asked for before the current one is handed on, so the database reads while the caller renders.
 */
export async function* routePositions(
  auth: AuthContext,
  deviceIds: number[],
  from: number,
  to: number,
): AsyncGenerator<Position[]> {
  const read = (deviceId: number, after: PositionRow | null): Promise<PositionRow[]> =>
    auth.db.position.findMany({
      where: {
        deviceId,
        fixTime: { gte: after ? after.fixTime : new Date(from), lte: new Date(to) },
        ...(after ? { NOT: { fixTime: after.fixTime, id: { lte: after.id } } } : {}),
      },
      orderBy: [{ fixTime: 'asc' }, { id: 'asc' }],
      take: CHUNK,
    });
  for (const deviceId of deviceIds) {
    let next: Promise<PositionRow[]> | null = read(deviceId, null);
    try {
      while (next) {
        const rows: PositionRow[] = await next;
        const last = rows[rows.length - 1];
        next = last && rows.length === CHUNK ? read(deviceId, last) : null;
        if (rows.length > 0) yield rows.map(presentPosition);
      }
    } finally {
      // a reader that stops early leaves the chunk read ahead: its failure is nobody's
      next?.catch(() => {});
    }
  }
}

/** The route report's devices and period, checked (shared by the JSON answer, the exports and the chart). */
export async function routeScope(auth: AuthContext, q: ReportQuery, type: 'route' | 'chart' = 'route') {
  const { from, to } = reportPeriod(auth, type, q);
  const devices = await reportDevices(auth, q);
  return { from, to, devices };
}

/** GET /api/reports/route as JSON: at most REPORT_MAX_ROWS positions, `truncated` when more matched. */
export async function routeReport(
  auth: AuthContext,
  q: ReportQuery,
): Promise<{ rows: Position[]; truncated: boolean }> {
  const { from, to, devices } = await routeScope(auth, q);
  const rows: Position[] = [];
  for await (const chunk of routePositions(
    auth,
    devices.map((d) => d.id),
    from,
    to,
  )) {
    rows.push(...chunk);
    if (rows.length > REPORT_MAX_ROWS) return { rows: rows.slice(0, REPORT_MAX_ROWS), truncated: true };
  }
  return { rows, truncated: false };
}
