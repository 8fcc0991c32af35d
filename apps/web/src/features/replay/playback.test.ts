import { describe, expect, it } from 'vitest';
import { MAX_STEP_MS, MIN_STEP_MS, stepDelay } from './playback';
import { replayRange } from './replay-period';

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

describe('replayRange', () => {
  const now = new Date(2026, 0, 14, 15, 30);

  it('covers the last hour up to now', () => {
    expect(replayRange('lastHour', now)).toEqual({ from: new Date(2026, 0, 14, 14, 30), to: now });
  });

  it('uses the report periods for today, yesterday and this week', () => {
    expect(replayRange('yesterday', now)).toEqual({
      from: new Date(2026, 0, 13),
      to: new Date(new Date(2026, 0, 14).getTime() - 1),
    });
    expect(replayRange('thisWeek', now)?.from).toEqual(new Date(2026, 0, 12));
  });

  it('needs a complete custom range that ends after it starts', () => {
    const a = new Date(2026, 0, 1, 8);
    const b = new Date(2026, 0, 1, 9);
    expect(replayRange('custom', now, [a, b])).toEqual({ from: a, to: b });
    expect(replayRange('custom', now, [a, null])).toBeNull();
    expect(replayRange('custom', now, [b, a])).toBeNull();
  });
});
