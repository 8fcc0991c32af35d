/** SPEC section 9: the report periods. */
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

/** SPEC/API: one events report covers at most 31 days. */
export const MAX_PERIOD_MS = 31 * 24 * 3600 * 1000;

export function isPeriodTooLong(range: { from: Date; to: Date }): boolean {
  return range.to.getTime() - range.from.getTime() > MAX_PERIOD_MS;
}
