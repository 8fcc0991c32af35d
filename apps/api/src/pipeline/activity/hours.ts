import type { ActivityConfig, Tally, TrackPoint } from './activity-types';
import { HOUR_MS } from './activity-types';
import { addPair, addPoint, emptyTally } from './tally';

/** An hour of a device: the pairs whose later position falls in it, and its first and last positions. */
export interface HourTally extends Tally {
  /** the hour's start, ms */
  hour: number;
  firstTime: number;
  lastTime: number;
  firstOdometer: number;
  lastOdometer: number;
}

export const hourOf = (time: number) => Math.floor(time / HOUR_MS) * HOUR_MS;

/** Adds position b (and the pair from its predecessor a, when there is one) to b's hour. */
export function addToHours(
  hours: Map<number, HourTally>,
  a: TrackPoint | null,
  b: TrackPoint,
  config: ActivityConfig,
): void {
  const hour = hourOf(b.time);
  let h = hours.get(hour);
  if (!h) {
    h = {
      ...emptyTally(),
      hour,
      firstTime: b.time,
      lastTime: b.time,
      firstOdometer: b.odometer,
      lastOdometer: b.odometer,
    };
    hours.set(hour, h);
  }
  if (a) addPair(h, a, b, config);
  else addPoint(h, b);
  if (b.time < h.firstTime) {
    h.firstTime = b.time;
    h.firstOdometer = b.odometer;
  }
  if (b.time >= h.lastTime) {
    h.lastTime = b.time;
    h.lastOdometer = b.odometer;
  }
}

/** The hours of ordered positions, the first paired with `before` (the position preceding them), if any. */
export function hoursOf(
  before: TrackPoint | null,
  points: readonly TrackPoint[],
  config: ActivityConfig,
): Map<number, HourTally> {
  const hours = new Map<number, HourTally>();
  let prev = before;
  for (const p of points) {
    addToHours(hours, prev, p, config);
    prev = p;
  }
  return hours;
}
