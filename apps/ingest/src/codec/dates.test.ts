import { describe, expect, it } from 'vitest';
import { isoTime, isoTimeOf, utcDate } from './dates';

describe('isoTime', () => {
  it('formats epoch milliseconds as toISOString does, across leap days, centuries and the last year', () => {
    const edges = [
      0,
      Date.UTC(1970, 0, 1, 23, 59, 59, 999),
      Date.UTC(2000, 1, 29, 12, 0, 0, 7),
      Date.UTC(2000, 2, 1),
      Date.UTC(2100, 1, 28, 23, 59, 59, 999),
      Date.UTC(2100, 2, 1),
      Date.UTC(2400, 1, 29),
      Date.UTC(2024, 11, 31, 23, 59, 59, 999),
      Date.UTC(9999, 11, 31, 23, 59, 59, 999),
    ];
    for (const ms of edges) expect(isoTime(ms)).toBe(new Date(ms).toISOString());
    let seed = 12345;
    for (let i = 0; i < 20_000; i++) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      const ms = Math.floor((seed / 2147483648) * 253_402_300_800_000);
      expect(isoTime(ms)).toBe(new Date(ms).toISOString());
    }
  });

  it('takes dates and the times outside the quick range, and refuses an impossible date', () => {
    expect(isoTime(new Date(Date.UTC(2025, 5, 15, 13, 45, 12, 862)))).toBe('2025-06-15T13:45:12.862Z');
    expect(isoTime(-1)).toBe('1969-12-31T23:59:59.999Z');
    expect(isoTime(253_402_300_800_000)).toBe('+010000-01-01T00:00:00.000Z');
    expect(isoTime(1.5)).toBe('1970-01-01T00:00:00.001Z');
    expect(() => isoTime(Number.NaN)).toThrow('invalid date');
    expect(() => isoTime(9e15)).toThrow('invalid date');
  });
});

describe('isoTimeOf', () => {
  it('formats real calendar seconds and rolls impossible fields over as utcDate does', () => {
    expect(isoTimeOf(24, 2, 29, 23, 59, 59)).toBe('2024-02-29T23:59:59.000Z');
    expect(isoTimeOf(23, 2, 29, 0, 0, 0)).toBe(utcDate(23, 2, 29).toISOString());
    expect(isoTimeOf(2025, 13, 1, 0, 0, 0)).toBe('2026-01-01T00:00:00.000Z');
  });
});
