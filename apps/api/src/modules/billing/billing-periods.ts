import type { BillingInterval } from '@waymark/contracts/subscription';

/** Months in one billing interval. */
export const INTERVAL_MONTHS: Record<BillingInterval, number> = { MONTHLY: 1, QUARTERLY: 3, YEARLY: 12 };

/** The same UTC time `months` calendar months later (the last day of a shorter month when the day is past it). */
export function addMonths(from: Date, months: number): Date {
  const d = new Date(from.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/**
 * The calendar billing period of `interval` that holds `at` (UTC): its month, its quarter or its year,
 * start inclusive, end exclusive.
 */
export function periodOf(interval: BillingInterval, at: Date): { start: Date; end: Date } {
  const months = INTERVAL_MONTHS[interval];
  const month = Math.floor(at.getUTCMonth() / months) * months;
  const start = new Date(Date.UTC(at.getUTCFullYear(), month, 1));
  return { start, end: addMonths(start, months) };
}

/** YYYY-MM of a time, in UTC. */
export function monthKey(at: Date): string {
  return at.toISOString().slice(0, 7);
}
