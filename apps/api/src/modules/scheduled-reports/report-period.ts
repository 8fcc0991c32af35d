import { REPORT_MAX_DAYS } from '@waymark/contracts/report';
import type { ScheduledReportPeriod, ScheduledReportType } from '@waymark/contracts/scheduled-report';
import { startOfLocalDay } from '../reports/local-days';

const DAY_MS = 86_400_000;

/** The local weekday (0 = Monday) and day of the month of an instant in a zone. */
function localDate(time: number, timeZone: string): { weekday: number; day: number } {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', day: 'numeric' }).formatToParts(
    new Date(time),
  );
  const weekday = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(
    parts.find((p) => p.type === 'weekday')?.value ?? 'Mon',
  );
  return { weekday, day: Number(parts.find((p) => p.type === 'day')?.value ?? 1) };
}

/** The start of the local day before the one starting at `dayStart`. */
const dayBefore = (dayStart: number, timeZone: string) => startOfLocalDay(dayStart - DAY_MS / 2, timeZone);

/** The start of the local day, walked back day by day until `stop` says so (at most 31 steps). */
function walkBack(dayStart: number, timeZone: string, stop: (start: number) => boolean): number {
  let start = dayStart;
  for (let i = 0; i < 31 && !stop(start); i++) start = dayBefore(start, timeZone);
  return start;
}

/**
 * The period (epoch ms, both ends inclusive) a run at `now` covers, in the owner's time zone: the previous local
 * day, the previous Monday-to-Sunday week, the previous calendar month, or from `since` (the last run, else the
 * report's creation) to now. A period longer than the report type allows keeps its most recent part.
 */
export function runPeriod(
  period: ScheduledReportPeriod,
  type: ScheduledReportType,
  now: number,
  since: number,
  timeZone: string,
): { from: number; to: number } {
  const today = startOfLocalDay(now, timeZone);
  let from: number;
  let to = today - 1;
  if (period === 'previousDay') {
    from = dayBefore(today, timeZone);
  } else if (period === 'previousWeek') {
    const monday = walkBack(today, timeZone, (s) => localDate(s, timeZone).weekday === 0);
    from = walkBack(dayBefore(monday, timeZone), timeZone, (s) => localDate(s, timeZone).weekday === 0);
    to = monday - 1;
  } else if (period === 'previousMonth') {
    const first = walkBack(today, timeZone, (s) => localDate(s, timeZone).day === 1);
    from = walkBack(dayBefore(first, timeZone), timeZone, (s) => localDate(s, timeZone).day === 1);
    to = first - 1;
  } else {
    from = Math.min(since, now);
    to = now;
  }
  return { from: Math.max(from, to - REPORT_MAX_DAYS[type] * DAY_MS), to };
}
