import type { PetTrend, PetView } from '@waymark/contracts/pet';
import { PET_VIEWS } from '@waymark/contracts/pet';

/** Minutes as hours and minutes ({h: 7, m: 5}), for the `duration.*` texts. */
export function splitMinutes(minutes: number): { h: number; m: number } {
  const whole = Math.max(0, Math.round(minutes));
  return { h: Math.floor(whole / 60), m: whole % 60 };
}

/** A week-over-week change as signed text (+12.5 %), or null when there is no earlier week to compare with. */
export function trendText(trend: PetTrend, locale: string): string | null {
  if (trend.changePercent === null) return null;
  const sign = trend.changePercent > 0 ? '+' : '';
  return `${sign}${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(trend.changePercent)} %`;
}

/** Colour of a change: a rise is good for activity, neither way for sleep. */
export function trendColor(trend: PetTrend, higherIsBetter: boolean | null): string {
  if (trend.changePercent === null || Math.abs(trend.changePercent) < 5) return 'gray';
  if (higherIsBetter === null) return 'orange';
  return trend.changePercent > 0 === higherIsBetter ? 'teal' : 'red';
}

/** Today as YYYY-MM-DD in the browser's time zone. */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** A view from the address bar, else the week. */
export const parseView = (value: string | null): PetView =>
  (PET_VIEWS as readonly string[]).includes(value ?? '') ? (value as PetView) : 'week';

/** A day from the address bar (YYYY-MM-DD), else today. */
export const parseDay = (value: string | null, now = new Date()): string =>
  value && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)) ? value : localToday(now);

/** Short day label for chart axes (05-14). */
export const shortDay = (day: string): string => day.slice(5);
