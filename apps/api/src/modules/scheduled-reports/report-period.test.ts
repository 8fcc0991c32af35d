import { describe, expect, it } from 'vitest';
import { runPeriod } from './report-period';

const at = (iso: string) => Date.parse(iso);
const iso = (p: { from: number; to: number }) => [new Date(p.from).toISOString(), new Date(p.to).toISOString()];

describe('the period a scheduled run covers', () => {
  // Wednesday 2026-03-04 08:30 in Athens (UTC+2)
  const now = at('2026-03-04T06:30:00Z');
  const since = at('2026-03-01T12:00:00Z');

  it('is the previous local day in the owner’s zone', () => {
    expect(iso(runPeriod('previousDay', 'trips', now, since, 'Europe/Athens'))).toEqual([
      '2026-03-02T22:00:00.000Z',
      '2026-03-03T21:59:59.999Z',
    ]);
  });

  it('is the previous Monday-to-Sunday week', () => {
    expect(iso(runPeriod('previousWeek', 'trips', now, since, 'UTC'))).toEqual([
      '2026-02-23T00:00:00.000Z',
      '2026-03-01T23:59:59.999Z',
    ]);
  });

  it('is the previous calendar month, across a time change in the zone', () => {
    expect(iso(runPeriod('previousMonth', 'summary', at('2026-04-02T10:00:00Z'), since, 'Europe/Paris'))).toEqual([
      '2026-02-28T23:00:00.000Z',
      '2026-03-31T21:59:59.999Z',
    ]);
  });

  it('runs from the last run to now, cut to what the report type allows', () => {
    expect(iso(runPeriod('sinceLastRun', 'trips', now, since, 'UTC'))).toEqual([
      '2026-03-01T12:00:00.000Z',
      '2026-03-04T06:30:00.000Z',
    ]);
    // the combined report covers at most 7 days
    const long = runPeriod('sinceLastRun', 'combined', now, at('2026-01-01T00:00:00Z'), 'UTC');
    expect(long.to - long.from).toBe(7 * 86_400_000);
  });
});
