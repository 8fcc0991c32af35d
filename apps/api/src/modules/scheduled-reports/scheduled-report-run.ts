import { Writable } from 'node:stream';
import { REPORT_MIME } from '@waymark/contracts/report';
import type { ScheduledReportType } from '@waymark/contracts/scheduled-report';
import type { ScheduledReport } from '@waymark/db/client';
import type { AppContext } from '../../context';
import type { MailAttachment } from '../../mail/mailer';
import type { AuthContext } from '../../plugins/app/auth-context';
import { accountProblem, buildAuthContext, tenantProblem } from '../../plugins/app/auth-context';
import { CellFormat } from '../reports/export/cell-format';
import type { ExportPreferences } from '../reports/export/export-preferences';
import { readerPreferences } from '../reports/export/export-preferences';
import type { ReportDocument } from '../reports/export/report-document';
import { renderReport, reportDocument } from '../reports/export/report-export';
import { reportFileName } from '../reports/export/send-report';
import { fill, reportTexts } from '../reports/export/texts/report-texts';
import { runPeriod } from './report-period';
import { scheduledRows } from './report-rows';
import { scheduledMailTexts } from './scheduled-report-texts';
import { reportAttributes } from './scheduled-reports.presenter';
import { checkTypeFlag } from './scheduled-reports.service';

/** The largest file a mail carries: mail servers commonly refuse messages over 25 MB once encoded. */
export const MAX_ATTACHMENT_BYTES = 15 * 1024 * 1024;
export const TOO_LARGE = 'The report is too large to mail; choose fewer devices or a shorter period';

/** A document rendered whole into memory (a mail attachment), refused past MAX_ATTACHMENT_BYTES. */
export async function renderedBuffer(format: keyof typeof REPORT_MIME, doc: ReportDocument<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  const out = new Writable({
    write(chunk: Buffer | string, _encoding, callback) {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      size += buffer.length;
      if (size > MAX_ATTACHMENT_BYTES) return callback(new Error(TOO_LARGE));
      chunks.push(buffer);
      callback();
    },
  });
  await renderReport(format, doc, out);
  return Buffer.concat(chunks);
}

/** The owner of a report as a caller: its permissions under its tenant's plan, refused if it cannot sign in. */
export async function ownerAuth(ctx: AppContext, userId: number | null): Promise<AuthContext> {
  const owner =
    userId === null ? null : await ctx.db.user.findUnique({ where: { id: userId }, include: { role: true } });
  if (!owner) throw new Error('The report has no owner any more');
  const problem = accountProblem(owner) ?? (await tenantProblem(ctx.db, owner));
  if (problem) throw new Error(`The owner cannot sign in: ${problem}`);
  return buildAuthContext(ctx.db, owner, 'api-token');
}

export interface RenderedReport {
  attachment: MailAttachment;
  preferences: ExportPreferences;
  period: { from: number; to: number };
}

/** Runs a scheduled report as its owner over the period its settings give at `now`, rendered to its format. */
export async function renderScheduledReport(
  ctx: AppContext,
  auth: AuthContext,
  report: ScheduledReport,
  now: Date,
): Promise<RenderedReport> {
  const type = report.type as ScheduledReportType;
  checkTypeFlag(auth, type);
  const attributes = reportAttributes(report);
  const preferences = await readerPreferences(ctx.db, auth.user);
  const since = (report.lastRunAt ?? report.createdAt).getTime();
  const period = runPeriod(attributes.period, type, now.getTime(), since, preferences.timeZone);
  const query = {
    from: new Date(period.from).toISOString(),
    to: new Date(period.to).toISOString(),
    deviceId: attributes.deviceIds,
    groupId: attributes.groupIds,
  };
  const { rows, names } = await scheduledRows(auth, type, query, ctx.geocoder);
  const doc = reportDocument({ type, preferences, period: query, rows, names, generatedAt: now });
  const content = await renderedBuffer(attributes.format, doc);
  return {
    attachment: {
      filename: reportFileName(type, attributes.format, doc),
      content,
      contentType: REPORT_MIME[attributes.format],
    },
    preferences,
    period,
  };
}

/**
 * Runs a report now and mails the file to its recipients (the owner when it names none); on success the report's
 * lastRunAt is `now` (a sinceLastRun period starts there next time). Errors are thrown to the caller.
 */
export async function sendScheduledReport(ctx: AppContext, report: ScheduledReport, now = new Date()): Promise<void> {
  const auth = await ownerAuth(ctx, report.userId);
  const { attachment, preferences, period } = await renderScheduledReport(ctx, auth, report, now);
  const attributes = reportAttributes(report);
  const texts = scheduledMailTexts(preferences.language);
  const cells = new CellFormat(preferences, reportTexts(preferences.language));
  const values = {
    description: report.description,
    title: reportTexts(preferences.language).titles[report.type as ScheduledReportType],
    from: cells.displayTime(new Date(period.from)),
    to: cells.displayTime(new Date(period.to)),
  };
  const to = attributes.recipients.length > 0 ? attributes.recipients : [auth.user.email];
  await ctx.mailer.send({
    to: to.join(', '),
    subject: fill(texts.reportSubject, values),
    text: fill(texts.reportText, values),
    attachments: [attachment],
  });
  await ctx.db.scheduledReport.update({
    where: { id: report.id },
    data: { lastRunAt: now, failures: 0, failedOccurrence: null, lastError: null },
  });
}
