import type { EventReportQuery } from '@waymark/contracts/event';
import { EVENT_REPORT_ALL, EVENT_REPORT_MAX_DAYS, EVENT_REPORT_MAX_ROWS } from '@waymark/contracts/event';
import type { Event as EventRow, Prisma } from '@waymark/db/client';
import { found } from '../../plugins/app/access-scope';
import type { AuthContext } from '../../plugins/app/auth-context';
import { periodTooLong, REPORTS_DISABLED, reportDevices, reportPeriod } from '../reports/report-scope';

/** One visible event (a 404 for another tenant's). */
export async function getEvent(auth: AuthContext, id: number): Promise<EventRow> {
  return found(await auth.db.event.findFirst({ where: { id: BigInt(id) } }), 'Event not found');
}

export const PERIOD_TOO_LONG = periodTooLong(EVENT_REPORT_MAX_DAYS);
export { REPORTS_DISABLED };

/**
 * Events of a period, oldest first, at most EVENT_REPORT_MAX_ROWS; `truncated` says that more matched (the route
 * tells the client in the `X-Truncated` header rather than cutting silently).
 */
export async function eventsReport(
  auth: AuthContext,
  q: EventReportQuery,
): Promise<{ rows: EventRow[]; truncated: boolean }> {
  const period = reportPeriod(auth, 'events', q);
  const from = new Date(period.from);
  const to = new Date(period.to);
  const devices = q.deviceId?.length || q.groupId?.length ? (await reportDevices(auth, q)).map((d) => d.id) : null;
  if (devices !== null && devices.length === 0) return { rows: [], truncated: false };
  const types = q.type?.includes(EVENT_REPORT_ALL) ? [] : [...new Set(q.type ?? [])];
  const where: Prisma.EventWhereInput = {
    eventTime: { gte: from, lte: to },
    ...(devices ? { deviceId: { in: devices } } : {}),
    ...(types.length ? { type: { in: types } } : {}),
  };
  const rows = await auth.db.event.findMany({
    where,
    orderBy: [{ eventTime: 'asc' }, { id: 'asc' }],
    take: EVENT_REPORT_MAX_ROWS + 1,
  });
  const truncated = rows.length > EVENT_REPORT_MAX_ROWS;
  return { rows: truncated ? rows.slice(0, EVENT_REPORT_MAX_ROWS) : rows, truncated };
}
