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
