import type { Permission } from '@waymark/contracts/permissions';
import { hasAnyPermission } from '@waymark/contracts/permissions';
import type { ReportFormat, ReportQuery, ReportType } from '@waymark/contracts/report';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { forbidden } from '../../http-error';
import { caller } from '../../plugins/app/auth';
import type { AuthContext } from '../../plugins/app/auth-context';
import { readerPreferences } from './export/export-preferences';
import type { ReportExportInput } from './export/report-export';
import { sendReport } from './export/send-report';

/** The flag a report's download needs (the page's preview shows the same document). */
export const DOWNLOAD_FLAG: Record<ReportType, Permission> = {
  route: 'DOWNLOAD_ROUTE_REPORTS',
  events: 'DOWNLOAD_EVENT_REPORTS',
  trips: 'DOWNLOAD_TRIP_REPORTS',
  stops: 'DOWNLOAD_STOP_REPORTS',
  summary: 'DOWNLOAD_SUMMARY_REPORTS',
  chart: 'DOWNLOAD_CHART_REPORTS',
  combined: 'DOWNLOAD_ROUTE_REPORTS',
  geofences: 'DOWNLOAD_EVENT_REPORTS',
};

/** A report's rows (an array, or an async iterable read once) and the names and series its document needs. */
export type ReportContent<T extends ReportType> = Pick<ReportExportInput<T>, 'rows' | 'names' | 'series'>;

/**
 * A report as a download: the caller needs the type's DOWNLOAD flag; the document is in the reader's units,
 * language and time zone (the query's `timezone` first: the zone the reader's browser shows).
 */
export async function sendDownload<T extends ReportType>(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  input: {
    type: T;
    format: ReportFormat;
    query: Pick<ReportQuery, 'from' | 'to' | 'timezone'>;
    rows: (auth: AuthContext) => Promise<ReportContent<T>>;
  },
): Promise<FastifyReply> {
  const auth = caller(req);
  if (!hasAnyPermission(auth.permissions, [DOWNLOAD_FLAG[input.type]])) throw forbidden();
  const preferences = await readerPreferences(ctx.db, auth.user);
  if (input.query.timezone) preferences.timeZone = input.query.timezone;
  const content = await input.rows(auth);
  return sendReport(reply, {
    type: input.type,
    format: input.format,
    preferences,
    period: { from: input.query.from, to: input.query.to },
    ...content,
  });
}
