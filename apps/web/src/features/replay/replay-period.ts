import { periodRange } from '../alerts/period';

/** The periods a replay can cover: the report periods of the alerts feature plus the last hour. */
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
