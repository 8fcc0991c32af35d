import type { ScheduledReportInput, ScheduledReportType } from '@waymark/contracts/scheduled-report';
import { SCHEDULED_REPORT_FLAG } from '@waymark/contracts/scheduled-report';
import type { Prisma, ScheduledReport } from '@waymark/db/client';
import { forbidden } from '../../http-error';
import { found } from '../../plugins/app/access-scope';
import type { AuthContext } from '../../plugins/app/auth-context';

export const REPORTS_NOT_FOUND = 'Report not found';

/** Refuses a type the caller may not download. */
export function checkTypeFlag(auth: AuthContext, type: ScheduledReportType): void {
  if (!auth.permissions.includes(SCHEDULED_REPORT_FLAG[type])) {
    throw forbidden(`Scheduling a ${type} report needs the ${SCHEDULED_REPORT_FLAG[type]} permission`);
  }
}

/** The calendar, devices and groups a report names must be visible to the caller (another tenant's: 404). */
async function checkReferences(auth: AuthContext, input: ScheduledReportInput): Promise<void> {
  found(
    await auth.db.calendar.findFirst({ where: { id: input.calendarId }, select: { id: true } }),
    'Calendar not found',
  );
  const { deviceIds, groupIds } = input.attributes;
  if (deviceIds.length) {
    const seen = await auth.db.device.count({ where: { id: { in: deviceIds } } });
    if (seen !== deviceIds.length) found(null, 'Device not found');
  }
  if (groupIds.length) {
    const seen = await auth.db.group.count({ where: { id: { in: groupIds } } });
    if (seen !== groupIds.length) found(null, 'Group not found');
  }
}

/** The caller's scheduled reports (a user sees and runs its own only), oldest first. */
export function listScheduledReports(auth: AuthContext): Promise<ScheduledReport[]> {
  return auth.db.scheduledReport.findMany({ where: { userId: auth.user.id }, orderBy: { id: 'asc' }, take: 1000 });
}

export async function getScheduledReport(auth: AuthContext, id: number): Promise<ScheduledReport> {
  return found(await auth.db.scheduledReport.findFirst({ where: { id, userId: auth.user.id } }), REPORTS_NOT_FOUND);
}

export async function createScheduledReport(auth: AuthContext, input: ScheduledReportInput): Promise<ScheduledReport> {
  checkTypeFlag(auth, input.type);
  await checkReferences(auth, input);
  return auth.db.scheduledReport.create({
    data: {
      userId: auth.user.id,
      type: input.type,
      description: input.description,
      calendarId: input.calendarId,
      attributes: input.attributes as Prisma.InputJsonValue,
    },
  });
}

/** Replaces a report's settings (Traccar's PUT sends the whole object); a new setting starts without failures. */
export async function updateScheduledReport(
  auth: AuthContext,
  id: number,
  input: ScheduledReportInput,
): Promise<ScheduledReport> {
  const current = await getScheduledReport(auth, id);
  checkTypeFlag(auth, current.type as ScheduledReportType);
  checkTypeFlag(auth, input.type);
  await checkReferences(auth, input);
  return auth.db.scheduledReport.update({
    where: { id: current.id },
    data: {
      type: input.type,
      description: input.description,
      calendarId: input.calendarId,
      attributes: input.attributes as Prisma.InputJsonValue,
      failures: 0,
      lastError: null,
    },
  });
}

export async function deleteScheduledReport(auth: AuthContext, id: number): Promise<void> {
  const current = await getScheduledReport(auth, id);
  await auth.db.scheduledReport.delete({ where: { id: current.id } });
}
