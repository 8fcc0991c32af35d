import type { ReportQuery, ReportType } from '@waymark/contracts/report';
import { REPORT_MAX_DAYS, REPORT_MAX_DEVICES } from '@waymark/contracts/report';
import { badRequest, forbidden } from '../../http-error';
import type { Query } from '../../pipeline/activity/activity.store';
import type { ActivityConfig } from '../../pipeline/activity/activity-types';
import { found } from '../../plugins/app/access-scope';
import type { AuthContext } from '../../plugins/app/auth-context';
import { reportConfigs } from './report-config';

export const REPORTS_DISABLED = 'Reports are disabled for your account';
export const periodTooLong = (days: number) => `The period is longer than ${days} days`;
export const TOO_MANY_DEVICES = `A report covers at most ${REPORT_MAX_DEVICES} devices`;

/** A device a report covers, with what its rows and settings need. */
export interface ReportDevice {
  id: number;
  name: string;
  /** its trip and fuel thresholds (report-config.ts) */
  config: ActivityConfig;
}

/** The groups given and all their subgroups (visible ones only: a foreign group id is a 404). */
export async function groupTree(auth: AuthContext, groupIds: number[]): Promise<number[]> {
  const visible = await auth.db.group.findMany({ where: { id: { in: groupIds } }, select: { id: true } });
  if (visible.length !== groupIds.length) found(null, 'Group not found');
  const rows = await auth.db.$queryRaw<{ id: number }[]>`
    WITH RECURSIVE tree(id) AS (
      SELECT id FROM groups WHERE id = ANY(${groupIds}::int[])
      UNION SELECT g.id FROM groups g JOIN tree ON g."parentGroupId" = tree.id
    ) SELECT id FROM tree`;
  return rows.map((r) => r.id);
}

/**
 * The devices a report covers: those named, those of the groups (and subgroups) named, or every visible one
 * when neither is given; all read through the caller's scope (another tenant's device id is a 404).
 */
export async function reportDevices(
  auth: AuthContext,
  q: Pick<ReportQuery, 'deviceId' | 'groupId'>,
): Promise<ReportDevice[]> {
  const deviceIds = [...new Set(q.deviceId ?? [])];
  const groupIds = [...new Set(q.groupId ?? [])];
  const select = { id: true, name: true } as const;
  const byId = new Map<number, { id: number; name: string }>();
  const add = (rows: { id: number; name: string }[]) => {
    for (const r of rows) byId.set(r.id, r);
  };
  if (deviceIds.length === 0 && groupIds.length === 0) {
    add(await auth.db.device.findMany({ select, orderBy: { id: 'asc' }, take: REPORT_MAX_DEVICES + 1 }));
  }
  if (deviceIds.length) {
    const rows = await auth.db.device.findMany({ where: { id: { in: deviceIds } }, select });
    if (rows.length !== deviceIds.length) found(null, 'Device not found');
    add(rows);
  }
  if (groupIds.length) {
    const tree = await groupTree(auth, groupIds);
    add(await auth.db.device.findMany({ where: { groupId: { in: tree } }, select, take: REPORT_MAX_DEVICES + 1 }));
  }
  if (byId.size > REPORT_MAX_DEVICES) throw badRequest(TOO_MANY_DEVICES);
  return withConfigs(
    auth,
    [...byId.values()].sort((a, b) => a.id - b.id),
  );
}

/** Devices (already shown visible to the caller) with their trip and fuel thresholds. */
export async function withConfigs(auth: AuthContext, devices: { id: number; name: string }[]): Promise<ReportDevice[]> {
  const configs = await reportConfigs(
    rawQuery(auth),
    devices.map((d) => d.id),
  );
  return devices.map((d) => ({ id: d.id, name: d.name, config: configs.get(d.id) as ActivityConfig }));
}

/** from and to as ms, checked: reports allowed for the user, from ≤ to, the period within the type's limit. */
export function reportPeriod(auth: AuthContext, type: ReportType, q: { from: string; to: string }) {
  if (auth.user.disableReports && !auth.user.administrator) throw forbidden(REPORTS_DISABLED);
  const from = Date.parse(q.from);
  const to = Date.parse(q.to);
  if (from > to) throw badRequest('from must not be after to');
  const days = REPORT_MAX_DAYS[type];
  if (to - from > days * 86_400_000) throw badRequest(periodTooLong(days));
  return { from, to };
}

/** Raw SQL through the caller's Prisma client, for devices the caller was already shown to see. */
export const rawQuery =
  (auth: AuthContext): Query =>
  <T>(text: string, values: unknown[]) =>
    auth.db.$queryRawUnsafe<T[]>(text, ...values);
