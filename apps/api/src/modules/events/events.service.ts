import type { EventReportQuery } from '@waymark/contracts/event';
import { EVENT_REPORT_ALL, EVENT_REPORT_MAX_DAYS, EVENT_REPORT_MAX_ROWS } from '@waymark/contracts/event';
import type { Event as EventRow, Prisma } from '@waymark/db/client';
import { badRequest, forbidden } from '../../http-error';
import { found } from '../../plugins/app/access-scope';
import type { AuthContext } from '../../plugins/app/auth-context';

/** One visible event (a 404 for another tenant's). */
export async function getEvent(auth: AuthContext, id: number): Promise<EventRow> {
  return found(await auth.db.event.findFirst({ where: { id: BigInt(id) } }), 'Event not found');
}

export const PERIOD_TOO_LONG = `The period is longer than ${EVENT_REPORT_MAX_DAYS} days`;
export const REPORTS_DISABLED = 'Reports are disabled for your account';

/** The groups given and all their subgroups (visible ones only: a foreign group id is a 404). */
async function groupTree(auth: AuthContext, groupIds: number[]): Promise<number[]> {
  for (const id of groupIds) {
    found(await auth.db.group.findUnique({ where: { id }, select: { id: true } }), 'Group not found');
  }
  const rows = await auth.db.$queryRaw<{ id: number }[]>`
    WITH RECURSIVE tree(id) AS (
      SELECT id FROM groups WHERE id = ANY(${groupIds}::int[])
      UNION SELECT g.id FROM groups g JOIN tree ON g."parentGroupId" = tree.id
    ) SELECT id FROM tree`;
  return rows.map((r) => r.id);
}

/** The devices a report covers: those named, those of the groups (and subgroups) named, or every visible one. */
async function reportDevices(auth: AuthContext, q: EventReportQuery): Promise<number[] | null> {
  const deviceIds = [...new Set(q.deviceId ?? [])];
  const groupIds = [...new Set(q.groupId ?? [])];
  if (deviceIds.length === 0 && groupIds.length === 0) return null;
  const ids = new Set<number>();
  if (deviceIds.length) {
    const rows = await auth.db.device.findMany({ where: { id: { in: deviceIds } }, select: { id: true } });
    if (rows.length !== deviceIds.length) found(null, 'Device not found');
    for (const r of rows) ids.add(r.id);
  }
  if (groupIds.length) {
    const tree = await groupTree(auth, groupIds);
    const rows = await auth.db.device.findMany({ where: { groupId: { in: tree } }, select: { id: true } });
    for (const r of rows) ids.add(r.id);
  }
  return [...ids];
}

/**
 * Events of a period, oldest first, at most EVENT_REPORT_MAX_ROWS; `truncated` says that more matched (the route
 * tells the client in the `X-Truncated` header rather than cutting silently).
 */
export async function eventsReport(
  auth: AuthContext,
  q: EventReportQuery,
): Promise<{ rows: EventRow[]; truncated: boolean }> {
  if (auth.user.disableReports && !auth.user.administrator) throw forbidden(REPORTS_DISABLED);
  const from = new Date(q.from);
  const to = new Date(q.to);
  if (from > to) throw badRequest('from must not be after to');
  if (to.getTime() - from.getTime() > EVENT_REPORT_MAX_DAYS * 24 * 3600 * 1000) throw badRequest(PERIOD_TOO_LONG);
  const devices = await reportDevices(auth, q);
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
