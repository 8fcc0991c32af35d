import type { PetDay, PetHour, PetSleepBout } from '@waymark/contracts/pet';

/**
 * A pet's day from its tracker's readings, as pet apps count it. The database folds the positions into buckets of
 * BUCKET_MINUTES local minutes (pets.queries.ts); everything after that is here, pure:
 * - active time: a reading that shows motion or at least ACTIVE_STEPS new steps counts the time until the next
 *   reading, at most MAX_ACTIVE_CREDIT_SECONDS, as active (so the count does not depend on how often the collar
 *   reports); a bucket holds at most BUCKET_MINUTES active minutes;
 * - a bucket with readings and no active minute is calm; empty buckets between calm ones, over at most
 *   MAX_CALM_GAP_MINUTES, are calm too (trackers report rarely while the animal lies still: the step gap, with
 *   no new steps after it);
 * - a calm stretch of SLEEP_MIN_MINUTES or more is sleep, a shorter one is rest;
 * - sleep between NIGHT_START and NIGHT_END (local) is night sleep, the rest of it naps.
 */

export const BUCKET_MINUTES = 5;
export const ACTIVE_STEPS = 10;
export const MAX_ACTIVE_CREDIT_SECONDS = 300;
export const MAX_CALM_GAP_MINUTES = 60;
export const SLEEP_MIN_MINUTES = 30;
/** Night, in local minutes of the day: 21:00 to 07:00. */
export const NIGHT_START = 21 * 60;
export const NIGHT_END = 7 * 60;

/** One bucket of readings, as the query gives it. */
export interface PetBucket {
  /** the bucket's start, an instant */
  start: Date;
  /** its local day, YYYY-MM-DD */
  day: string;
  /** its local start, minutes after midnight */
  minute: number;
  steps: number;
  /** active time in the bucket, minutes (fractional) */
  activeMinutes: number;
  samples: number;
  heartRateSum: number;
  heartRateCount: number;
  /** the bucket's last battery level, percent */
  battery: number | null;
}

export type BucketState = 'active' | 'rest' | 'sleep' | 'none';

export const isNight = (minute: number): boolean => minute >= NIGHT_START || minute < NIGHT_END;

/**
 * What each bucket was: active, rest, sleep, or none (no data). The buckets are consecutive (every
 * BUCKET_MINUTES of the period, empty ones included), oldest first.
 */
export function classifyBuckets(buckets: readonly PetBucket[]): BucketState[] {
  const states: BucketState[] = buckets.map((b) =>
    b.samples === 0 ? 'none' : b.activeMinutes > 0 ? 'active' : 'rest',
  );
  const maxGap = Math.floor(MAX_CALM_GAP_MINUTES / BUCKET_MINUTES);
  let i = 0;
  while (i < states.length) {
    if (states[i] !== 'rest') {
      i += 1;
      continue;
    }
    // a calm run from i to end, joined across short stretches without readings
    let end = i;
    for (;;) {
      let next = end + 1;
      while (next < states.length && states[next] === 'none' && next - end - 1 < maxGap) next += 1;
      if (next < states.length && states[next] === 'rest') end = next;
      else break;
    }
    const state: BucketState = (end - i + 1) * BUCKET_MINUTES >= SLEEP_MIN_MINUTES ? 'sleep' : 'rest';
    for (let j = i; j <= end; j++) states[j] = state;
    i = end + 1;
  }
  return states;
}

const emptyDay = (date: string): PetDay => ({
  date,
  steps: 0,
  activeMinutes: 0,
  restMinutes: 0,
  sleepNightMinutes: 0,
  sleepDayMinutes: 0,
  heartRateAvg: null,
  heartRateResting: null,
  batteryLevel: null,
  samples: 0,
});

const round1 = (n: number) => Math.round(n * 10) / 10;

/** One PetDay per date asked for (oldest first), zeros where the tracker sent nothing. */
export function summarizeDays(
  buckets: readonly PetBucket[],
  states: readonly BucketState[],
  dates: readonly string[],
): PetDay[] {
  const days = new Map(dates.map((d) => [d, emptyDay(d)]));
  const heart = new Map<string, { sum: number; n: number; restSum: number; restN: number }>();
  buckets.forEach((b, i) => {
    const day = days.get(b.day);
    if (!day) return;
    const state = states[i] ?? 'none';
    day.steps += Math.round(b.steps);
    day.activeMinutes += b.activeMinutes;
    day.samples += b.samples;
    const calm = state === 'rest' || state === 'sleep' ? BUCKET_MINUTES : 0;
    if (state === 'sleep') {
      if (isNight(b.minute)) day.sleepNightMinutes += calm;
      else day.sleepDayMinutes += calm;
    } else day.restMinutes += calm;
    if (b.battery !== null) day.batteryLevel = b.battery;
    const h = heart.get(b.day) ?? { sum: 0, n: 0, restSum: 0, restN: 0 };
    h.sum += b.heartRateSum;
    h.n += b.heartRateCount;
    if (state === 'sleep') {
      h.restSum += b.heartRateSum;
      h.restN += b.heartRateCount;
    }
    heart.set(b.day, h);
  });
  for (const day of days.values()) day.activeMinutes = Math.round(day.activeMinutes);
  for (const [date, h] of heart) {
    const day = days.get(date) as PetDay;
    day.heartRateAvg = h.n ? round1(h.sum / h.n) : null;
    day.heartRateResting = h.restN ? round1(h.restSum / h.restN) : null;
  }
  return dates.map((d) => days.get(d) as PetDay);
}

/** The 24 hours of one local day. */
export function summarizeHours(buckets: readonly PetBucket[], states: readonly BucketState[], date: string): PetHour[] {
  const hours: PetHour[] = Array.from({ length: 24 }, (_, hour) => ({
    hour,
    steps: 0,
    activeMinutes: 0,
    sleepMinutes: 0,
  }));
  buckets.forEach((b, i) => {
    if (b.day !== date) return;
    const hour = hours[Math.floor(b.minute / 60)] as PetHour;
    hour.steps += Math.round(b.steps);
    hour.activeMinutes += b.activeMinutes;
    if (states[i] === 'sleep') hour.sleepMinutes += BUCKET_MINUTES;
  });
  for (const hour of hours) hour.activeMinutes = Math.round(hour.activeMinutes);
  return hours;
}

/** Sleep stretches, oldest first: start, end, length, and whether most of it fell at night. */
export function sleepBouts(buckets: readonly PetBucket[], states: readonly BucketState[]): PetSleepBout[] {
  const bouts: PetSleepBout[] = [];
  let first = -1;
  let night = 0;
  const close = (last: number) => {
    const a = buckets[first] as PetBucket;
    const b = buckets[last] as PetBucket;
    const end = new Date(b.start.getTime() + BUCKET_MINUTES * 60_000);
    const minutes = Math.round((end.getTime() - a.start.getTime()) / 60_000);
    const count = last - first + 1;
    bouts.push({ start: a.start.toISOString(), end: end.toISOString(), minutes, night: night * 2 >= count });
    first = -1;
    night = 0;
  };
  for (let i = 0; i < buckets.length; i++) {
    if (states[i] === 'sleep') {
      if (first < 0) first = i;
      if (isNight((buckets[i] as PetBucket).minute)) night += 1;
    } else if (first >= 0) close(i - 1);
  }
  if (first >= 0) close(buckets.length - 1);
  return bouts;
}
