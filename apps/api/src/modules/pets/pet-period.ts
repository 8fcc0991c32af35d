import { timeZoneSchema } from '@waymark/contracts/common';
import type { PetReportQuery, PetView } from '@waymark/contracts/pet';
import { PET_VIEW_DAYS } from '@waymark/contracts/pet';

/** Calendar arithmetic on YYYY-MM-DD days (time-zone free: a day is a label here). */

const DAY_MS = 86_400_000;

export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** The days from `from` to `to`, both included, oldest first. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) days.push(d);
  return days;
}

/** Today in a time zone, YYYY-MM-DD. */
export function todayIn(tz: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    now,
  );
}

export interface ResolvedPeriod {
  view: PetView;
  from: string;
  to: string;
  tz: string;
}

/** The view's days ending on the asked day (default today), in the asked time zone, else the user's, else UTC. */
export function resolvePeriod(q: PetReportQuery, userAttributes: unknown, now = new Date()): ResolvedPeriod {
  const own = (userAttributes as Record<string, unknown> | null)?.timezone;
  const tz = q.timezone ?? (timeZoneSchema.safeParse(own).success ? (own as string) : 'UTC');
  const to = q.date ?? todayIn(tz, now);
  return { view: q.view, from: addDays(to, 1 - PET_VIEW_DAYS[q.view]), to, tz };
}
