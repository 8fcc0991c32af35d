/**
 * The period rules, stated once for every page that asks the API for a span of time (reports, alerts, replay):
 * - a period is a preset (today, yesterday, this or previous week, this or previous month) or a custom range;
 * - presets are whole local days in the user's time zone (the browser's), weeks start on Monday, and a preset
 *   ends one millisecond before the next day, week or month starts;
 * - a custom range is typed as local `YYYY-MM-DDTHH:mm`; by default it runs from one hour ago to now;
 * - the API receives both ends in ISO-8601 UTC, inclusive; how long a period may be is the API's rule per report
 *   (REPORT_MAX_DAYS in the contracts), which the pages check before asking.
 */

/** The periods a report can cover, in the order the period picker lists them. */
export const PERIODS = [
  'today',
  'yesterday',
  'thisWeek',
  'previousWeek',
  'thisMonth',
  'previousMonth',
  'custom',
] as const;
export type Period = (typeof PERIODS)[number];

const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate());
const addDays = (d: Date, days: number) => new Date(d.getFullYear(), d.getMonth(), d.getDate() + days);
/** Monday of the week of `d` (weeks start on Monday). */
const startOfWeek = (d: Date) => addDays(startOfDay(d), -((d.getDay() + 6) % 7));
const endOf = (nextStart: Date) => new Date(nextStart.getTime() - 1);

/** The [from, to] of a period in local time; `custom` uses the given range (or today when incomplete). */
export function periodRange(
  period: Period,
  now: Date,
  custom?: readonly [Date | null, Date | null],
): { from: Date; to: Date } {
  const today = startOfDay(now);
  switch (period) {
    case 'today':
      return { from: today, to: endOf(addDays(today, 1)) };
    case 'yesterday':
      return { from: addDays(today, -1), to: endOf(today) };
    case 'thisWeek': {
      const monday = startOfWeek(now);
      return { from: monday, to: endOf(addDays(monday, 7)) };
    }
    case 'previousWeek': {
      const monday = startOfWeek(now);
      return { from: addDays(monday, -7), to: endOf(monday) };
    }
    case 'thisMonth':
      return {
        from: new Date(now.getFullYear(), now.getMonth(), 1),
        to: endOf(new Date(now.getFullYear(), now.getMonth() + 1, 1)),
      };
    case 'previousMonth':
      return {
        from: new Date(now.getFullYear(), now.getMonth() - 1, 1),
        to: endOf(new Date(now.getFullYear(), now.getMonth(), 1)),
      };
    case 'custom': {
      const [from, to] = custom ?? [null, null];
      return from && to ? { from, to } : { from: today, to: endOf(addDays(today, 1)) };
    }
  }
}

/** One events report covers at most 31 days (the API refuses longer ones). */
export const MAX_PERIOD_MS = 31 * 24 * 3600 * 1000;

export function isPeriodTooLong(range: { from: Date; to: Date }): boolean {
  return range.to.getTime() - range.from.getTime() > MAX_PERIOD_MS;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A local time as the report pages write it in their URL and inputs: `YYYY-MM-DDTHH:mm`. */
export function toLocalInput(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** `YYYY-MM-DDTHH:mm` (local time) → Date; null when the text is not such a time. */
export function fromLocalInput(text: string | null | undefined): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(text ?? '');
  if (!match) return null;
  const [y, mo, d, h, mi] = match.slice(1).map(Number) as [number, number, number, number, number];
  const date = new Date(y, mo - 1, d, h, mi);
  // 2026-02-31 would roll over into March: not a time anyone typed
  return date.getMonth() === mo - 1 && date.getDate() === d && h < 24 && mi < 60 ? date : null;
}

/** The default custom range of a report: from one hour ago to now, to the minute. */
export function defaultCustomRange(now: Date): { from: string; to: string } {
  return { from: toLocalInput(new Date(now.getTime() - 3600 * 1000)), to: toLocalInput(now) };
}

/**
 * The [from, to] of a report period; a custom one from its `YYYY-MM-DDTHH:mm` ends (the last minute included),
 * or null when either end is missing or the range does not end after it starts.
 */
export function reportRange(
  period: Period,
  now: Date,
  custom: { from?: string | null; to?: string | null } = {},
): { from: Date; to: Date } | null {
  if (period !== 'custom') return periodRange(period, now);
  const from = fromLocalInput(custom.from);
  const to = fromLocalInput(custom.to);
  if (!from || !to || to.getTime() <= from.getTime()) return null;
  return { from, to: new Date(to.getTime() + 59_999) };
}

/** True when the range spans more than `days` days. */
export function exceedsDays(range: { from: Date; to: Date }, days: number): boolean {
  return range.to.getTime() - range.from.getTime() > days * 24 * 3600 * 1000;
}

/** The periods a replay can cover: some of the report periods plus the last hour. */
export const REPLAY_PERIODS = ['lastHour', 'today', 'yesterday', 'thisWeek', 'custom'] as const;
export type ReplayPeriod = (typeof REPLAY_PERIODS)[number];

export interface ReplayRange {
  from: Date;
  to: Date;
}

const HOUR_MS = 3600 * 1000;

/**
 * The [from, to] of a replay period in local time, or null for a custom range that is incomplete or does not
 * end after it starts (no request is made then).
 */
export function replayRange(
  period: ReplayPeriod,
  now: Date,
  custom: readonly [Date | null, Date | null] = [null, null],
): ReplayRange | null {
  if (period === 'lastHour') return { from: new Date(now.getTime() - HOUR_MS), to: now };
  if (period === 'custom') {
    const [from, to] = custom;
    if (!from || !to || Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) return null;
    return from.getTime() < to.getTime() ? { from, to } : null;
  }
  return periodRange(period, now);
}
