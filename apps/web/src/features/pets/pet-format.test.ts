import { describe, expect, it } from 'vitest';
import { localToday, parseDay, parseView, splitMinutes, trendColor, trendText } from './pet-format';

describe('pet formats', () => {
  it('splits minutes into hours and minutes', () => {
    expect(splitMinutes(425)).toEqual({ h: 7, m: 5 });
    expect(splitMinutes(59.6)).toEqual({ h: 1, m: 0 });
    expect(splitMinutes(-3)).toEqual({ h: 0, m: 0 });
  });

  it('writes a trend with its sign, none without an earlier week', () => {
    expect(trendText({ current: 77.1, previous: 90, changePercent: -14.3 }, 'en')).toBe('-14.3 %');
    expect(trendText({ current: 9, previous: 8, changePercent: 12.5 }, 'fr')).toBe('+12,5 %');
    expect(trendText({ current: 9, previous: null, changePercent: null }, 'en')).toBeNull();
  });

  it('colours a change by what is good for the pet', () => {
    const up = { current: 2, previous: 1, changePercent: 100 };
    expect(trendColor(up, true)).toBe('teal');
    expect(trendColor(up, false)).toBe('red');
    expect(trendColor(up, null)).toBe('orange');
    expect(trendColor({ current: 1, previous: 1, changePercent: 2 }, true)).toBe('gray');
  });

  it('reads the view and the day from the address bar, with defaults', () => {
    const now = new Date(2026, 4, 14, 10);
    expect(parseView('month')).toBe('month');
    expect(parseView('year')).toBe('week');
    expect(parseDay('2026-05-01', now)).toBe('2026-05-01');
    expect(parseDay('yesterday', now)).toBe('2026-05-14');
    expect(localToday(now)).toBe('2026-05-14');
  });
});
