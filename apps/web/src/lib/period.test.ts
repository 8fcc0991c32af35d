import { describe, expect, it } from 'vitest';
import {
  defaultCustomRange,
  exceedsDays,
  fromLocalInput,
  isPeriodTooLong,
  periodRange,
  replayRange,
  reportRange,
  toLocalInput,
} from './period';

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

describe('report periods', () => {
  const now = new Date(2026, 10, 18, 14, 30, 45);

  it('writes and reads local times as YYYY-MM-DDTHH:mm', () => {
    expect(toLocalInput(new Date(2026, 0, 5, 7, 3))).toBe('2026-01-05T07:03');
    expect(fromLocalInput('2026-01-05T07:03')).toEqual(new Date(2026, 0, 5, 7, 3));
    expect(fromLocalInput('2026-02-31T07:03')).toBeNull();
    expect(fromLocalInput('2026-01-05 07:03')).toBeNull();
    expect(fromLocalInput(null)).toBeNull();
  });

  it('defaults a custom range to the last hour, to the minute', () => {
    expect(defaultCustomRange(now)).toEqual({ from: '2026-11-18T13:30', to: '2026-11-18T14:30' });
  });

  it('uses the presets, and a custom range through the end of its last minute', () => {
    expect(reportRange('yesterday', now)).toEqual(periodRange('yesterday', now));
    expect(reportRange('custom', now, { from: '2026-11-18T08:00', to: '2026-11-18T09:15' })).toEqual({
      from: new Date(2026, 10, 18, 8, 0),
      to: new Date(new Date(2026, 10, 18, 9, 16).getTime() - 1),
    });
  });

  it('has no custom range when an end is missing or it runs backwards', () => {
    expect(reportRange('custom', now, { from: '2026-11-18T08:00' })).toBeNull();
    expect(reportRange('custom', now, { from: '2026-11-18T09:00', to: '2026-11-18T08:00' })).toBeNull();
  });

  it('compares a range with a limit in days', () => {
    expect(exceedsDays(periodRange('thisMonth', now), 31)).toBe(false);
    expect(exceedsDays(periodRange('thisMonth', now), 7)).toBe(true);
  });
});
