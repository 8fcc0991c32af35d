import { describe, expect, it } from 'vitest';
import { MAX_STEP_MS, MIN_STEP_MS, stepDelay } from './playback';

describe('stepDelay', () => {
  it('waits the real time between fixes divided by the speed', () => {
    expect(stepDelay('2026-01-10T10:00:00Z', '2026-01-10T10:00:01.500Z', 1)).toBe(1500);
    expect(stepDelay('2026-01-10T10:00:00Z', '2026-01-10T10:00:02Z', 2)).toBe(1000);
    expect(stepDelay('2026-01-10T10:00:00Z', '2026-01-10T10:01:00Z', 60)).toBe(1000);
  });

  it('keeps the wait between its bounds', () => {
    expect(stepDelay('2026-01-10T10:00:00Z', '2026-01-10T10:00:01Z', 60)).toBe(MIN_STEP_MS);
    expect(stepDelay('2026-01-10T10:00:00Z', '2026-01-10T10:00:00Z', 1)).toBe(MIN_STEP_MS);
    expect(stepDelay('2026-01-10T10:00:00Z', '2026-01-10T14:00:00Z', 10)).toBe(MAX_STEP_MS);
  });
});
