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
/** Reports looked at per pass (a pass every minute catches up with the rest). */
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

/**
 * One pass: every due report is claimed (a lease in its row, so that one API node at a time runs it, whichever
 * node it is), run as its owner and mailed; a failure is counted against the occurrence, logged, and tried again
 * at the next pass until MAX_FAILURES.
 */
export async function runDueReports(ctx: AppContext, now = new Date()): Promise<ScheduledReportsPass> {
  const log = ctx.log.child({ component: 'scheduled-reports' });
  const reports = await ctx.db.scheduledReport.findMany({
    where: { OR: [{ leaseUntil: null }, { leaseUntil: { lt: now } }] },
    include: { calendar: { select: { id: true, data: true } } },
    orderBy: { id: 'asc' },
    take: BATCH,
  });
  const calendars = new Map<number, ParsedCalendar | null>();
  const parsed = (calendar: { id: number; data: string }) => {
    if (!calendars.has(calendar.id)) {
      try {
        calendars.set(calendar.id, parseCalendar(calendar.data));
      } catch {
        calendars.set(calendar.id, null);
      }
    }
    return calendars.get(calendar.id) ?? null;
  };
  const pass: ScheduledReportsPass = { sent: 0, failed: 0 };
  for (const { calendar, ...report } of reports) {
    const schedule = parsed(calendar);
    const start = schedule ? dueOccurrence(report, schedule, now) : null;
    if (start === null) continue;
    const claim = await ctx.db.scheduledReport.updateMany({
      where: { id: report.id, OR: [{ leaseUntil: null }, { leaseUntil: { lt: now } }] },
      data: { leaseUntil: new Date(now.getTime() + LEASE_MS) },
    });
    if (claim.count !== 1) continue;
    try {
      await sendScheduledReport(ctx, report, now);
      pass.sent++;
    } catch (err) {
      pass.failed++;
      const again = report.failedOccurrence?.getTime() === start;
      const failures = again ? report.failures + 1 : 1;
      log.warn({ err, reportId: report.id, failures }, 'scheduled report failed');
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
