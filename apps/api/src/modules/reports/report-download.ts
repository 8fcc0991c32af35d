import type { Permission } from '@waymark/contracts/permissions';
import { hasAnyPermission } from '@waymark/contracts/permissions';
import type { ReportFormat, ReportQuery, ReportType } from '@waymark/contracts/report';
import { REPORT_FORMATS, REPORT_MIME } from '@waymark/contracts/report';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { forbidden } from '../../http-error';
import { caller } from '../../plugins/app/auth';
import type { AuthContext } from '../../plugins/app/auth-context';
import { renderedBuffer } from '../scheduled-reports/scheduled-report-run';
import { scheduledMailTexts } from '../scheduled-reports/scheduled-report-texts';
import { CellFormat } from './export/cell-format';
import { readerPreferences } from './export/export-preferences';
import type { ReportExportInput } from './export/report-export';
import { reportDocument } from './export/report-export';
import { reportFileName, sendReport } from './export/send-report';
import { fill, reportTexts } from './export/texts/report-texts';

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
  const { preferences, content } = await readForDownload(ctx, req, input);
  return sendReport(reply, {
    type: input.type,
    format: input.format,
    preferences,
    period: { from: input.query.from, to: input.query.to },
    ...content,
  });
}

/**
 * What a download or a mailed report starts with: the DOWNLOAD flag of its type, the reader's preferences (the
 * query's time zone first) and the report's rows, read through the caller's scope.
 */
async function readForDownload<T extends ReportType>(
  ctx: AppContext,
  req: FastifyRequest,
  input: {
    type: T;
    query: Pick<ReportQuery, 'timezone'>;
    rows: (auth: AuthContext) => Promise<ReportContent<T>>;
  },
) {
  const auth = caller(req);
  if (!hasAnyPermission(auth.permissions, [DOWNLOAD_FLAG[input.type]])) throw forbidden();
  const preferences = await readerPreferences(ctx.db, auth.user);
  if (input.query.timezone) preferences.timeZone = input.query.timezone;
  return { auth, preferences, content: await input.rows(auth) };
}

/** A download path's last part: a file format, or `mail` (Traccar's: the XLSX mailed to the caller). */
export const DOWNLOAD_KINDS = [...REPORT_FORMATS, 'mail'] as const;
export type DownloadKind = (typeof DOWNLOAD_KINDS)[number];

/**
 * Traccar's GET /api/reports/{type}/mail: the report's rows are read now (so a foreign device or a bad period is
 * still an HTTP error), the answer is 204 at once, and the XLSX is rendered and mailed to the caller afterwards
 * (a failure is logged; the caller gets no mail).
 */
export async function mailReport<T extends ReportType>(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  input: {
    type: T;
    query: Pick<ReportQuery, 'from' | 'to' | 'timezone'>;
    rows: (auth: AuthContext) => Promise<ReportContent<T>>;
  },
): Promise<FastifyReply> {
  const { auth, preferences, content } = await readForDownload(ctx, req, input);
  const period = { from: input.query.from, to: input.query.to };
  const send = async () => {
    const doc = reportDocument({ type: input.type, preferences, period, ...content });
    const file = await renderedBuffer('xlsx', doc);
    const texts = scheduledMailTexts(preferences.language);
    const cells = new CellFormat(preferences, reportTexts(preferences.language));
    const values = {
      title: reportTexts(preferences.language).titles[input.type as keyof ReturnType<typeof reportTexts>['titles']],
      from: cells.displayTime(new Date(period.from)),
      to: cells.displayTime(new Date(period.to)),
    };
    await ctx.mailer.send({
      to: auth.user.email,
      subject: fill(texts.requestedSubject, values),
      text: fill(texts.requestedText, values),
      attachments: [
        { filename: reportFileName(input.type, 'xlsx', doc), content: file, contentType: REPORT_MIME.xlsx },
      ],
    });
  };
  send().catch((err) => req.log.error({ err, type: input.type }, 'a report asked for by mail was not sent'));
  return reply.code(204).send();
}
