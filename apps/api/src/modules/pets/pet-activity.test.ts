import { describe, expect, it } from 'vitest';
import type { PetBucket } from './pet-activity';
import { BUCKET_MINUTES, classifyBuckets, sleepBouts, summarizeDays, summarizeHours } from './pet-activity';

/** Buckets of one UTC day from a pattern: one letter per 5 minutes from `startMinute` (a active, c calm, . empty). */
function day(date: string, pattern: string, startMinute = 0, extra: Partial<PetBucket> = {}): PetBucket[] {
  return [...pattern].map((ch, i) => {
    const minute = startMinute + i * BUCKET_MINUTES;
    return {
      start: new Date(Date.parse(`${date}T00:00:00Z`) + minute * 60_000),
      day: date,
      minute,
      steps: ch === 'a' ? 200 : 0,
      activeMinutes: ch === 'a' ? 4 : 0,
      samples: ch === '.' ? 0 : 5,
      heartRateSum: ch === '.' ? 0 : (ch === 'a' ? 120 : 70) * 5,
      heartRateCount: ch === '.' ? 0 : 5,
      battery: ch === '.' ? null : 80,
      ...extra,
    };
  });
}

describe('classifyBuckets', () => {
  it('calls 30 calm minutes or more sleep and shorter calm stretches rest', () => {
    const states = classifyBuckets(day('2026-05-01', 'aacccccccaccaa', 600));
    expect(states).toEqual([
      'active',
      'active',
      ...Array(7).fill('sleep'),
      'active',
      'rest',
      'rest',
      'active',
      'active',
    ]);
  });

  it('joins calm readings across a silence of up to an hour, not longer', () => {
    // calm, 55 minutes without readings, calm: one stretch of 65 minutes
    const joined = classifyBuckets(day('2026-05-01', `c${'.'.repeat(11)}c`, 0));
    expect(joined.every((s) => s === 'sleep')).toBe(true);
    // calm, 65 minutes without readings, calm: two short stretches, the silence unknown
    const apart = classifyBuckets(day('2026-05-01', `c${'.'.repeat(13)}c`, 0));
    expect(apart[0]).toBe('rest');
    expect(apart[1]).toBe('none');
    expect(apart.at(-1)).toBe('rest');
  });

  it('does not bridge a silence that ends in activity', () => {
    const states = classifyBuckets(day('2026-05-01', 'ccc....a', 0));
    expect(states).toEqual(['rest', 'rest', 'rest', 'none', 'none', 'none', 'none', 'active']);
  });
});

describe('summarizeDays and summarizeHours', () => {
  it('splits sleep into night and naps, counts steps, active minutes and resting heart rate', () => {
    // 22:00-23:00 calm (night sleep), 13:00-13:40 calm (a nap), 09:00-09:30 active
    const buckets = [
      ...day('2026-05-01', 'aaaaaa', 9 * 60),
      ...day('2026-05-01', 'cccccccc', 13 * 60),
      ...day('2026-05-01', 'cccccccccccc', 22 * 60),
    ];
    const states = classifyBuckets(buckets);
    const [d, empty] = summarizeDays(buckets, states, ['2026-05-01', '2026-05-02']);
    expect(d).toMatchObject({
      date: '2026-05-01',
      steps: 1200,
      activeMinutes: 24,
      sleepNightMinutes: 60,
      sleepDayMinutes: 40,
      restMinutes: 0,
      heartRateResting: 70,
      batteryLevel: 80,
    });
    expect(d?.heartRateAvg).toBeCloseTo((6 * 120 + 20 * 70) / 26, 1);
    expect(empty).toMatchObject({ samples: 0, steps: 0, heartRateAvg: null });
    const hours = summarizeHours(buckets, states, '2026-05-01');
    expect(hours[9]).toEqual({ hour: 9, steps: 1200, activeMinutes: 24, sleepMinutes: 0 });
    expect(hours[22]?.sleepMinutes).toBe(60);
  });
});

describe('sleepBouts', () => {
  it('gives each sleep stretch with its length and whether it was at night', () => {
    const buckets = [...day('2026-05-01', 'cccccccc', 13 * 60), ...day('2026-05-01', 'acccccccccccc', 22 * 60)];
    const bouts = sleepBouts(buckets, classifyBuckets(buckets));
    expect(bouts).toEqual([
      { start: '2026-05-01T13:00:00.000Z', end: '2026-05-01T13:40:00.000Z', minutes: 40, night: false },
      { start: '2026-05-01T22:05:00.000Z', end: '2026-05-01T23:05:00.000Z', minutes: 60, night: true },
    ]);
  });
});
