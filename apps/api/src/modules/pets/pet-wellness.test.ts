import type { PetDay } from '@waymark/contracts/pet';
import { describe, expect, it } from 'vitest';
import { weekTrend, wellnessScore } from './pet-wellness';

const petDay = (i: number, values: Partial<PetDay> = {}): PetDay => ({
  date: new Date(Date.UTC(2026, 4, 1 + i)).toISOString().slice(0, 10),
  steps: 8000,
  activeMinutes: 60,
  restMinutes: 120,
  sleepNightMinutes: 600,
  sleepDayMinutes: 120,
  heartRateAvg: 90,
  heartRateResting: 70,
  batteryLevel: 50,
  samples: 1000,
  ...values,
});
const noData = (i: number) => petDay(i, { samples: 0, steps: 0, activeMinutes: 0 });

describe('wellnessScore', () => {
  it('waits for 7 days of data', () => {
    const days = [
      ...Array.from({ length: 10 }, (_, i) => noData(i)),
      ...Array.from({ length: 6 }, (_, i) => petDay(10 + i)),
    ];
    expect(wellnessScore(days)).toMatchObject({ available: false, daysOfData: 6, requiredDays: 7, score: null });
  });

  it('scores a pet at its usual self 100, with the last 7 days as their own baseline at first', () => {
    const days = Array.from({ length: 7 }, (_, i) => petDay(i));
    expect(wellnessScore(days)).toMatchObject({ available: true, score: 100, status: 'good', baselineDays: 0 });
  });

  it('lowers the score when activity falls and the resting heart rate rises against the baseline', () => {
    const baseline = Array.from({ length: 21 }, (_, i) => petDay(i));
    const recent = Array.from({ length: 7 }, (_, i) =>
      petDay(21 + i, { activeMinutes: 30, steps: 4000, heartRateResting: 77 }),
    );
    const w = wellnessScore([...baseline, ...recent]);
    expect(w.baselineDays).toBe(21);
    const byMetric = Object.fromEntries(w.components.map((c) => [c.metric, c]));
    expect(byMetric.activeMinutes).toMatchObject({ recent: 30, baseline: 60, changePercent: -50, score: 50 });
    expect(byMetric.steps?.score).toBe(50);
    expect(byMetric.sleep?.score).toBe(100);
    expect(byMetric.restingHeartRate).toMatchObject({ changePercent: 10, score: 70 });
    // (50*3 + 50*2 + 100*3 + 70*2) / 10
    expect(w.score).toBe(69);
    expect(w.status).toBe('watch');
  });

  it('ignores days without data in both windows', () => {
    const days = [
      ...Array.from({ length: 7 }, (_, i) => petDay(i)),
      noData(7),
      ...Array.from({ length: 6 }, (_, i) => petDay(8 + i)),
    ];
    const w = wellnessScore(days);
    expect(w.daysOfData).toBe(13);
    expect(w.score).toBe(100);
  });
});

describe('weekTrend', () => {
  it('compares the last 7 days with the 7 before, null without earlier data', () => {
    const days = [
      ...Array.from({ length: 7 }, (_, i) => petDay(i, { steps: 5000 })),
      ...Array.from({ length: 7 }, (_, i) => petDay(7 + i, { steps: 6000 })),
    ];
    expect(weekTrend(days, (d) => d.steps)).toEqual({ current: 6000, previous: 5000, changePercent: 20 });
    expect(weekTrend(days.slice(7), (d) => d.steps)).toEqual({ current: 6000, previous: null, changePercent: null });
  });
});
