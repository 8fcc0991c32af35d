import type { ScheduledReport } from '@waymark/db/client';
import type { ParsedCalendar } from '../calendars/calendar-check';
import { occurrenceStart, parseCalendar } from '../calendars/calendar-check';
import type { AppContext } from '../context';
import { sendScheduledReport } from '../modules/scheduled-reports/scheduled-report-run';
import { reportAttributes } from '../modules/scheduled-reports/scheduled-reports.presenter';
import { sendDailySummaries } from './daily-summary';

/** Attempts at one calendar occurrence before the worker gives up on it (until the next occurrence). */
export const MAX_FAILURES = 3;
/** How long a node holds a report it runs: longer than any report takes, short enough to recover from a crash. */
const LEASE_MS = 10 * 60_000;
/** Reports read per query of a pass. */
const BATCH = 500;

export interface ScheduledReportsPass {
  sent: number;
  failed: number;
}

/**
 * Whether a report is due at `now`: not disabled, its calendar has an occurrence covering now that started after
 * the report's last run (its creation, before the first), and it has not given up on that occurrence.
 */
export function dueOccurrence(report: ScheduledReport, calendar: ParsedCalendar, now: Date): number | null {
  if (reportAttributes(report).disabled) return null;
  const start = occurrenceStart(calendar, now);
  if (start === null || start <= (report.lastRunAt ?? report.createdAt).getTime()) return null;
  if (report.failedOccurrence?.getTime() === start && report.failures >= MAX_FAILURES) return null;
  return start;
}

/** Claims a due report, runs and mails it; a failure is counted against the occurrence that started at `start`. */
async function runOne(ctx: AppContext, report: ScheduledReport, start: number, now: Date, pass: ScheduledReportsPass) {
  const claim = await ctx.db.scheduledReport.updateMany({
    where: { id: report.id, OR: [{ leaseUntil: null }, { leaseUntil: { lt: now } }] },
    data: { leaseUntil: new Date(now.getTime() + LEASE_MS) },
  });
  if (claim.count !== 1) return;
  try {
    await sendScheduledReport(ctx, report, now);
    pass.sent++;
  } catch (err) {
    pass.failed++;
    const failures = report.failedOccurrence?.getTime() === start ? report.failures + 1 : 1;
    ctx.log.warn({ component: 'scheduled-reports', err, reportId: report.id, failures }, 'scheduled report failed');
    await ctx.db.scheduledReport.update({
      where: { id: report.id },
      data: {
        failures,
        failedOccurrence: new Date(start),
        lastError: (err instanceof Error ? err.message : String(err)).slice(0, 500),
      },
    });
  } finally {
    await ctx.db.scheduledReport.updateMany({ where: { id: report.id }, data: { leaseUntil: null } });
  }
}

/**
 * One pass over every report, BATCH rows at a time: each due report is claimed (a lease in its row, so that one
 * API node at a time runs it, whichever node it is), run as its owner and mailed; a failure is counted against
 * the occurrence, logged, and tried again at the next pass until MAX_FAILURES. Calendars are parsed once a pass.
 */
export async function runDueReports(ctx: AppContext, now = new Date()): Promise<ScheduledReportsPass> {
  const calendars = new Map<number, ParsedCalendar | null>();
  const pass: ScheduledReportsPass = { sent: 0, failed: 0 };
  for (let after = 0; ; ) {
    const reports = await ctx.db.scheduledReport.findMany({
      where: { id: { gt: after }, OR: [{ leaseUntil: null }, { leaseUntil: { lt: now } }] },
      orderBy: { id: 'asc' },
      take: BATCH,
    });
    const unknown = [...new Set(reports.map((r) => r.calendarId))].filter((id) => !calendars.has(id));
    if (unknown.length > 0) {
      const rows = await ctx.db.calendar.findMany({ where: { id: { in: unknown } }, select: { id: true, data: true } });
      for (const row of rows) {
        try {
          calendars.set(row.id, parseCalendar(row.data));
        } catch {
          // an unreadable calendar never starts a run
          calendars.set(row.id, null);
        }
      }
    }
    for (const report of reports) {
      const schedule = calendars.get(report.calendarId);
      const start = schedule ? dueOccurrence(report, schedule, now) : null;
      if (start !== null) await runOne(ctx, report, start, now, pass);
    }
    const last = reports.at(-1);
    if (!last || reports.length < BATCH) break;
    after = last.id;
  }
  return pass;
}

export interface ScheduledReportsWorker {
  /** one pass now (tests) */
  run(now?: Date): Promise<void>;
  close(): Promise<void>;
}

/** Scheduled reports and daily summaries every `intervalMs` (a minute); a failed pass is logged and retried. */
export function startScheduledReports(ctx: AppContext, options: { intervalMs?: number } = {}): ScheduledReportsWorker {
  const log = ctx.log.child({ component: 'scheduled-reports' });
  let running: Promise<void> | null = null;
  const run = (now = new Date()) => {
    running ??= (async () => {
      const reports = await runDueReports(ctx, now);
      if (reports.sent || reports.failed) log.info(reports, 'scheduled reports');
      const summaries = await sendDailySummaries(ctx, now);
      if (summaries) log.info({ summaries }, 'daily summaries mailed');
    })()
      .catch((err) => log.warn({ err }, 'scheduled reports pass failed'))
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(run, options.intervalMs ?? 60_000);
  timer.unref();
  return {
    run,
    async close() {
      clearInterval(timer);
      await running;
    },
  };
}
