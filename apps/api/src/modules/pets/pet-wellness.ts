import type { PetDay, PetTrend, PetWellnessMetric, PetWellnessReport } from '@waymark/contracts/pet';
import { PET_WELLNESS_MIN_DAYS } from '@waymark/contracts/pet';

/**
 * Trends and the wellness score: a pet compared with itself, never with a breed table. Only days with readings
 * count (a day the collar sat in a drawer says nothing about the animal).
 */

const hasData = (d: PetDay) => d.samples > 0;
const round1 = (n: number) => Math.round(n * 10) / 10;
const average = (values: readonly number[]) =>
  values.length ? values.reduce((sum, v) => sum + v, 0) / values.length : null;

export const sleepMinutes = (d: PetDay): number => d.sleepNightMinutes + d.sleepDayMinutes;

/**
 * The daily average of `value` over the last 7 days given against the 7 before them; `days` is oldest first and
 * ends on the report's last day.
 */
export function weekTrend(days: readonly PetDay[], value: (d: PetDay) => number): PetTrend {
  const recent = days.slice(-7).filter(hasData).map(value);
  const before = days.slice(-14, -7).filter(hasData).map(value);
  const current = round1(average(recent) ?? 0);
  const previous = average(before);
  return {
    current,
    previous: previous === null ? null : round1(previous),
    changePercent: previous ? round1(((current - previous) / previous) * 100) : null,
  };
}

/** How each metric's change scores (100: as usual): a fall in activity, a change of sleep either way, and a
 * rise of the resting heart rate are what a vet would ask about. */
const SCORERS: Record<PetWellnessMetric, { value: (d: PetDay) => number | null; score: (ratio: number) => number }> = {
  activeMinutes: { value: (d) => d.activeMinutes, score: (r) => 100 * Math.min(1, r) },
  steps: { value: (d) => d.steps, score: (r) => 100 * Math.min(1, r) },
  sleep: { value: sleepMinutes, score: (r) => 100 - 150 * Math.abs(r - 1) },
  restingHeartRate: { value: (d) => d.heartRateResting, score: (r) => 100 - 300 * Math.max(0, r - 1) },
};
/** Weights of the metrics in the overall score (those without data drop out). */
const WEIGHTS: Record<PetWellnessMetric, number> = { activeMinutes: 3, steps: 2, sleep: 3, restingHeartRate: 2 };

type Wellness = Pick<PetWellnessReport, 'available' | 'daysOfData' | 'requiredDays' | 'score' | 'status'> &
  Pick<PetWellnessReport, 'baselineDays' | 'components'>;

/**
 * The wellness score of the last 7 of `days` (oldest first) against the pet's baseline, the days before them.
 * None until the pet has PET_WELLNESS_MIN_DAYS days of data; with no earlier day yet, the last 7 are their own
 * baseline (a pet at its usual self scores 100).
 */
export function wellnessScore(days: readonly PetDay[]): Wellness {
  const recent = days.slice(-7).filter(hasData);
  const earlier = days.slice(0, -7).filter(hasData);
  const daysOfData = recent.length + earlier.length;
  const none = { daysOfData, requiredDays: PET_WELLNESS_MIN_DAYS, baselineDays: earlier.length };
  if (daysOfData < PET_WELLNESS_MIN_DAYS || recent.length === 0) {
    return { ...none, available: false, score: null, status: null, components: [] };
  }
  const baselineDays = earlier.length > 0 ? earlier : recent;
  const components: Wellness['components'] = [];
  let weighted = 0;
  let weights = 0;
  for (const metric of Object.keys(SCORERS) as PetWellnessMetric[]) {
    const { value, score } = SCORERS[metric];
    const now = average(recent.map(value).filter((v): v is number => v !== null));
    const base = average(baselineDays.map(value).filter((v): v is number => v !== null));
    if (now === null || base === null || base <= 0) continue;
    const ratio = now / base;
    const points = Math.round(Math.max(0, Math.min(100, score(ratio))));
    components.push({
      metric,
      recent: round1(now),
      baseline: round1(base),
      changePercent: round1((ratio - 1) * 100),
      score: points,
    });
    weighted += points * WEIGHTS[metric];
    weights += WEIGHTS[metric];
  }
  if (weights === 0) return { ...none, available: false, score: null, status: null, components: [] };
  const score = Math.round(weighted / weights);
  const status = score >= 80 ? 'good' : score >= 60 ? 'watch' : 'concern';
  return { ...none, available: true, score, status, components };
}
