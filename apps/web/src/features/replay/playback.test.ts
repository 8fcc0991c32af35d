import { describe, expect, it } from 'vitest';
import { MAX_STEP_MS, MIN_STEP_MS, stepDelay } from './playback';

const at = (iso: string) => new Date(iso).getTime();

describe('stepDelay', () => {
  it('waits the real time between steps divided by the speed', () => {
    expect(stepDelay(at('2026-01-10T10:00:00Z'), at('2026-01-10T10:00:01.500Z'), 1)).toBe(1500);
    expect(stepDelay(at('2026-01-10T10:00:00Z'), at('2026-01-10T10:00:02Z'), 2)).toBe(1000);
    expect(stepDelay(at('2026-01-10T10:00:00Z'), at('2026-01-10T10:01:00Z'), 60)).toBe(1000);
  });

  it('keeps the wait between its bounds', () => {
    expect(stepDelay(at('2026-01-10T10:00:00Z'), at('2026-01-10T10:00:01Z'), 60)).toBe(MIN_STEP_MS);
    expect(stepDelay(at('2026-01-10T10:00:00Z'), at('2026-01-10T10:00:00Z'), 1)).toBe(MIN_STEP_MS);
    expect(stepDelay(at('2026-01-10T10:00:00Z'), at('2026-01-10T14:00:00Z'), 10)).toBe(MAX_STEP_MS);
    expect(stepDelay(Number.NaN, at('2026-01-10T14:00:00Z'), 10)).toBe(MIN_STEP_MS);
  });
});
