import { describe, expect, it } from 'vitest';
import { CellFormat } from './cell-format';
import { exportPreferences } from './export-preferences';
import { exportFormat, reportFileName } from './send-report';
import { el } from './texts/el';
import { en } from './texts/en';
import { fr } from './texts/fr';
import { reportTexts } from './texts/report-texts';
import type { ReportTexts } from './texts/texts-shape';
import { formatCoordinate, formatDuration } from './units';

describe('exportPreferences', () => {
  it("reads the user's attributes and coordinate format first, then the server's, then the defaults", () => {
    const user = {
      attributes: { speedUnit: 'mph', timezone: 'Europe/Athens', language: 'fr-FR', twelveHourFormat: 'true' },
      coordinateFormat: null,
    };
    const server = {
      attributes: { distanceUnit: 'nmi', volumeUnit: 'usGal', speedUnit: 'kn' },
      coordinateFormat: 'ddm',
    };
    expect(exportPreferences(user, server)).toEqual({
      speedUnit: 'mph',
      distanceUnit: 'nmi',
      volumeUnit: 'usGal',
      timeZone: 'Europe/Athens',
      coordinateFormat: 'ddm',
      language: 'fr',
      twelveHour: true,
    });
  });

  it('ignores values it does not know and falls back to km/h, km, litres, UTC, decimal degrees and English', () => {
    const odd = {
      attributes: { speedUnit: 'furlongs', timezone: 'Mars/Olympus', language: 'tlh' },
      coordinateFormat: 'x',
    };
    expect(exportPreferences(odd, null)).toEqual({
      speedUnit: 'kmh',
      distanceUnit: 'km',
      volumeUnit: 'ltr',
      timeZone: 'UTC',
      coordinateFormat: 'dd',
      language: 'en',
      twelveHour: false,
    });
  });
});

describe('exportFormat', () => {
  const req = (url: string, accept?: string) => ({ url, headers: accept ? { accept } : {} });

  it('takes a /xlsx, /pdf or /csv suffix first, then the Accept header as Traccar does, else JSON', () => {
    expect(exportFormat(req('/api/reports/trips/xlsx?from=x'))).toBe('xlsx');
    expect(exportFormat(req('/api/reports/trips/pdf', 'application/json'))).toBe('pdf');
    expect(exportFormat(req('/api/reports/trips/csv'))).toBe('csv');
    expect(
      exportFormat(req('/api/reports/trips', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')),
    ).toBe('xlsx');
    expect(exportFormat(req('/api/reports/trips', 'application/pdf, */*'))).toBe('pdf');
    expect(exportFormat(req('/api/reports/trips', 'text/csv'))).toBe('csv');
    expect(exportFormat(req('/api/reports/trips', 'application/json'))).toBeNull();
    expect(exportFormat(req('/api/reports/trips?format=/pdf'))).toBeNull();
  });

  it('names the file after the type and the days of the period in the reader’s zone', () => {
    const preferences = exportPreferences({ attributes: { timezone: 'Pacific/Auckland' } }, null);
    const period = { from: '2026-11-20T11:30:00Z', to: '2026-11-21T10:59:59Z' };
    expect(reportFileName('trips', 'xlsx', { period, preferences })).toBe('trips-2026-11-21-2026-11-21.xlsx');
  });
});

describe('times in the reader’s zone', () => {
  it.each([
    // Athens: summer time begins and ends at 01:00 UTC; Lord Howe moves by half an hour at 02:00 local
    ['Europe/Athens', ['2026-03-29T01:00:00Z', '2026-10-25T01:00:00Z']],
    ['Australia/Lord_Howe', ['2026-04-04T15:00:00Z', '2026-10-03T15:30:00Z']],
  ])('agree with Intl around the changes of offset in %s', (zone, changes) => {
    const cells = new CellFormat(exportPreferences({ attributes: { timezone: zone } }, null), reportTexts('en'));
    const intl = new Intl.DateTimeFormat('sv-SE', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    for (const change of changes) {
      const at = Date.parse(change);
      for (let ms = at - 3 * 3_600_000; ms < at + 3 * 3_600_000; ms += 37_000) {
        expect(cells.dataTime(new Date(ms)), new Date(ms).toISOString()).toBe(intl.format(new Date(ms)));
      }
    }
  });
});

describe('units', () => {
  it('writes coordinates in the three formats without ever showing 60 minutes or seconds', () => {
    expect(formatCoordinate(37.975, 'lat', 'dd')).toBe('37.975000°');
    expect(formatCoordinate(37.975, 'lat', 'ddm')).toBe('37° 58.500′ N');
    expect(formatCoordinate(-23.7348, 'lon', 'dms')).toBe('23° 44′ 5.3″ W');
    expect(formatCoordinate(10.9999999, 'lat', 'dms')).toBe('11° 0′ 0.0″ N');
    expect(formatCoordinate(10.9999999, 'lat', 'ddm')).toBe('11° 0.000′ N');
  });

  it('writes durations as hours:minutes:seconds past a day', () => {
    expect(formatDuration(3_600_000 * 30 + 61_000)).toBe('30:01:01');
    expect(formatDuration(0)).toBe('0:00:00');
  });
});

describe('the texts', () => {
  /** Every leaf of a catalogue by its path, so that languages can be compared. */
  function leaves(value: unknown, path = ''): Map<string, unknown> {
    if (typeof value !== 'object' || value === null) return new Map([[path, value]]);
    return new Map(Object.entries(value).flatMap(([key, v]) => [...leaves(v, path ? `${path}.${key}` : key)]));
  }
  const english = leaves(en);

  it.each([
    ['fr', fr],
    ['el', el],
  ] as [string, ReportTexts][])('of %s have the shape of the English ones and no empty text', (_name, texts) => {
    const own = leaves(texts);
    expect([...own.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [path, text] of own) expect(typeof text === 'string' && text.trim(), path).toBeTruthy();
    // placeholders survive translation
    for (const [path, text] of english) {
      const holes = String(text).match(/\{\w+\}/g) ?? [];
      for (const hole of holes) expect(String(own.get(path)), path).toContain(hole);
    }
  });
});
