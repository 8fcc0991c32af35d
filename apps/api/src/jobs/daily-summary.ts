import type { ReportSummary } from '@waymark/contracts/report';
import { DAILY_SUMMARY_ATTRIBUTE } from '@waymark/contracts/scheduled-report';
import type { AppContext } from '../context';
import { CellFormat } from '../modules/reports/export/cell-format';
import type { ExportPreferences } from '../modules/reports/export/export-preferences';
import { exportPreferences } from '../modules/reports/export/export-preferences';
import { summaryColumns } from '../modules/reports/export/report-columns';
import type { Column } from '../modules/reports/export/report-document';
import { Totals } from '../modules/reports/export/report-document';
import { fill, reportTexts } from '../modules/reports/export/texts/report-texts';
import { startOfLocalDay } from '../modules/reports/local-days';
import { summaryReport } from '../modules/reports/summary.report';
import type { ScheduledMailTexts } from '../modules/scheduled-reports/scheduled-report-texts';
import { scheduledMailTexts } from '../modules/scheduled-reports/scheduled-report-texts';
import { buildAuthContext } from '../plugins/app/auth-context';

/** The columns of the daily summary: distance, driving and idle time, top speed, fuel spent and refuelled. */
const KEYS = ['device', 'distance', 'movingTime', 'idleTime', 'maxSpeed', 'spentFuel', 'refuelled'];
/** Users mailed per pass (the rest follow a minute later). */
const BATCH = 200;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function summaryColumnsFor(preferences: ExportPreferences, texts: ScheduledMailTexts): Column<ReportSummary>[] {
  const all = summaryColumns(reportTexts(preferences.language));
  return KEYS.flatMap((key) => {
    const column = all.find((c) => c.key === key);
    if (!column) return [];
    return [key === 'movingTime' ? { ...column, header: texts.drivingTime } : column];
  });
}

/** The summary mail of one user and day: a plain-text table and an HTML one, in the user's units and language. */
export function dailySummaryMail(preferences: ExportPreferences, day: string, rows: ReportSummary[]) {
  const texts = scheduledMailTexts(preferences.language);
  const cells = new CellFormat(preferences, reportTexts(preferences.language));
  const columns = summaryColumnsFor(preferences, texts);
  const subject = fill(texts.summarySubject, { day });
  // devices that neither moved nor reported all day: one sentence rather than a table of zeros
  if (rows.every((r) => r.positions === 0 && r.distance === 0)) {
    const text = `${fill(texts.summaryEmpty, { day })}\n\n${texts.optOut}\n`;
    return {
      subject,
      text,
      html: `<p>${escapeHtml(fill(texts.summaryEmpty, { day }))}</p><p>${escapeHtml(texts.optOut)}</p>`,
    };
  }
  const totals = new Totals(columns);
  for (const row of rows) totals.add(row);
  const sums = totals.cells();
  const headers = columns.map((c) => cells.header(c));
  const body = rows.map((row) => columns.map((c) => cells.text(c.kind, c.value(row), 'display')));
  const footer = columns.map((c, i) => (i === 0 ? texts.total : cells.text(c.kind, sums.get(c.key), 'display')));
  const table = [headers, ...body, footer];
  const widths = headers.map((_, i) => Math.max(...table.map((line) => (line[i] ?? '').length)));
  const line = (values: string[]) =>
    values
      .map((v, i) => v.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  const text = [fill(texts.summaryIntro, { day }), '', ...table.map(line), '', texts.optOut, ''].join('\n');
  const cell = (tag: string, value: string, i: number) =>
    `<${tag} style="padding:4px 8px;border-bottom:1px solid #ddd;text-align:${i === 0 ? 'left' : 'right'}">${escapeHtml(value)}</${tag}>`;
  const html = [
    `<p>${escapeHtml(fill(texts.summaryIntro, { day }))}</p>`,
    '<table style="border-collapse:collapse;font-family:sans-serif;font-size:14px">',
    `<thead><tr>${headers.map((h, i) => cell('th', h, i)).join('')}</tr></thead>`,
    `<tbody>${body.map((r) => `<tr>${r.map((v, i) => cell('td', v, i)).join('')}</tr>`).join('')}</tbody>`,
    `<tfoot><tr>${footer.map((v, i) => cell('th', v, i)).join('')}</tr></tfoot>`,
    '</table>',
    `<p style="color:#666;font-size:12px">${escapeHtml(texts.optOut)}</p>`,
  ].join('');
  return { subject, text, html };
}

/** YYYY-MM-DD of an instant in a zone. */
const localDay = (time: number, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(time);

/**
 * Mails yesterday's summary (per device) to each user who opted in (the user attribute mail.dailySummary = true),
 * once the user's local day has changed. Each mail is claimed first by its (user, day) row so that it goes once,
 * whichever node sends it; a mail that fails is released and tried at the next pass.
 */
export async function sendDailySummaries(ctx: AppContext, now = new Date()): Promise<number> {
  const users = await ctx.db.user.findMany({
    where: {
      attributes: { path: [DAILY_SUMMARY_ATTRIBUTE], equals: true },
      disabled: false,
      active: true,
      disableReports: false,
      OR: [{ expirationTime: null }, { expirationTime: { gt: now } }],
    },
    include: { role: true },
    orderBy: { id: 'asc' },
  });
  if (users.length === 0) return 0;
  const server = await ctx.db.server.findUnique({ where: { id: 1 } });
  let sent = 0;
  for (const user of users) {
    if (sent >= BATCH) break;
    const preferences = exportPreferences(user, server);
    const today = startOfLocalDay(now.getTime(), preferences.timeZone);
    const from = startOfLocalDay(today - 43_200_000, preferences.timeZone);
    const day = localDay(from, preferences.timeZone);
    const key = { userId: user.id, day };
    const claimed = await ctx.db.dailySummaryMail.createMany({ data: [key], skipDuplicates: true });
    if (claimed.count !== 1) continue;
    try {
      const auth = await buildAuthContext(ctx.db, user, 'api-token');
      const rows = await summaryReport(auth, {
        from: new Date(from).toISOString(),
        to: new Date(today - 1).toISOString(),
      });
      // a user without devices has nothing to be told (the claim stays: not asked again today)
      if (rows.length === 0) continue;
      await ctx.mailer.send({ to: user.email, ...dailySummaryMail(preferences, day, rows) });
      sent++;
    } catch (err) {
      await ctx.db.dailySummaryMail.deleteMany({ where: key });
      ctx.log.warn({ err, userId: user.id }, 'daily summary not mailed');
    }
  }
  return sent;
}
