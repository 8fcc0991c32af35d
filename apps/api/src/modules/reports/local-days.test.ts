import { describe, expect, it } from 'vitest';
import { localDays, startOfLocalDay } from './local-days';

const t = (iso: string) => Date.parse(iso);

describe('local days', () => {
  it('starts days at the zone’s midnight, across daylight saving changes', () => {
    expect(new Date(startOfLocalDay(t('2026-03-29T10:00:00Z'), 'Europe/Paris')).toISOString()).toBe(
      '2026-03-28T23:00:00.000Z',
    );
    expect(new Date(startOfLocalDay(t('2026-03-30T10:00:00Z'), 'Europe/Paris')).toISOString()).toBe(
      '2026-03-29T22:00:00.000Z',
    );
    expect(new Date(startOfLocalDay(t('2026-06-01T03:00:00Z'), 'America/New_York')).toISOString()).toBe(
      '2026-05-31T04:00:00.000Z',
    );
    expect(new Date(startOfLocalDay(t('2026-06-01T03:00:00Z'), 'Asia/Kolkata')).toISOString()).toBe(
      '2026-05-31T18:30:00.000Z',
    );
  });

  it('cuts a period into one range per local day, the first and last partial', () => {
    const days = localDays(t('2026-03-28T12:00:00Z'), t('2026-03-30T05:59:59.999Z'), 'Europe/Paris');
    expect(days.map((d) => [new Date(d.from).toISOString(), new Date(d.to).toISOString()])).toEqual([
      ['2026-03-28T12:00:00.000Z', '2026-03-28T22:59:59.999Z'],
      ['2026-03-28T23:00:00.000Z', '2026-03-29T21:59:59.999Z'],
      ['2026-03-29T22:00:00.000Z', '2026-03-30T05:59:59.999Z'],
    ]);
    expect(localDays(t('2026-01-01T00:00:00Z'), t('2026-01-31T23:59:59.999Z'), 'UTC')).toHaveLength(31);
  });
});
