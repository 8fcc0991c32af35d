import { describe, expect, it } from 'vitest';
import { isPeriodTooLong, periodRange, replayRange } from './period';

// Wednesday 18 November 2026, 14:30 local time.
const now = new Date(2026, 10, 18, 14, 30);
const local = (y: number, m: number, d: number) => new Date(y, m, d);
const lastMs = (y: number, m: number, d: number) => new Date(new Date(y, m, d).getTime() - 1);

describe('periodRange', () => {
  it.each([
    ['today', local(2026, 10, 18), lastMs(2026, 10, 19)],
    ['yesterday', local(2026, 10, 17), lastMs(2026, 10, 18)],
    ['thisWeek', local(2026, 10, 16), lastMs(2026, 10, 23)],
    ['previousWeek', local(2026, 10, 9), lastMs(2026, 10, 16)],
    ['thisMonth', local(2026, 10, 1), lastMs(2026, 11, 1)],
    ['previousMonth', local(2026, 9, 1), lastMs(2026, 10, 1)],
  ] as const)('%s', (period, from, to) => {
    expect(periodRange(period, now)).toEqual({ from, to });
  });

  it('starts the week on Monday, also on a Sunday', () => {
    expect(periodRange('thisWeek', new Date(2026, 10, 22, 9)).from).toEqual(local(2026, 10, 16));
  });

  it('uses the custom range when complete', () => {
    const range = [local(2026, 0, 1), local(2026, 0, 5)] as const;
    expect(periodRange('custom', now, range)).toEqual({ from: range[0], to: range[1] });
    expect(periodRange('custom', now, [null, null]).from).toEqual(local(2026, 10, 18));
  });

  it('knows the 31-day limit', () => {
    expect(isPeriodTooLong(periodRange('thisMonth', now))).toBe(false);
    expect(isPeriodTooLong({ from: local(2026, 0, 1), to: local(2026, 2, 1) })).toBe(true);
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
