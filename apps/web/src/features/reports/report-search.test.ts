import { describe, expect, it } from 'vitest';
import { extraParamsOf } from './report-extra';
import { readReportSearch, reportApiQuery, writeReportSearch } from './report-search';

// Wednesday 18 November 2026, 14:30 local time.
const now = new Date(2026, 10, 18, 14, 30);

describe('report search in the URL', () => {
  it('defaults to today with no device, and a custom range of the last hour', () => {
    expect(readReportSearch(new URLSearchParams(), now)).toEqual({
      deviceIds: [],
      groupIds: [],
      period: 'today',
      from: '2026-11-18T13:30',
      to: '2026-11-18T14:30',
    });
  });

  it('reads repeated devices and groups, skipping what is not an id', () => {
    const search = readReportSearch(
      new URLSearchParams('deviceId=3&deviceId=5&deviceId=x&deviceId=3&groupId=2&period=previousWeek'),
      now,
    );
    expect(search).toMatchObject({ deviceIds: [3, 5], groupIds: [2], period: 'previousWeek' });
    expect(readReportSearch(new URLSearchParams('period=forever'), now).period).toBe('today');
  });

  it('writes the report and keeps the page’s own parameters; from/to only for a custom period', () => {
    const base = new URLSearchParams('daily=true&deviceId=9&from=old');
    const preset = writeReportSearch({ ...readReportSearch(base, now), deviceIds: [1, 2], period: 'yesterday' }, base);
    expect(preset.toString()).toBe('daily=true&deviceId=1&deviceId=2&period=yesterday');
    const custom = writeReportSearch(
      { deviceIds: [1], groupIds: [4], period: 'custom', from: '2026-11-01T08:00', to: '2026-11-01T18:30' },
      new URLSearchParams(),
    );
    expect(Object.fromEntries(custom)).toEqual({
      deviceId: '1',
      groupId: '4',
      period: 'custom',
      from: '2026-11-01T08:00',
      to: '2026-11-01T18:30',
    });
    expect(readReportSearch(custom, now)).toMatchObject({ from: '2026-11-01T08:00', to: '2026-11-01T18:30' });
  });
});

describe('the API query of a report', () => {
  const search = readReportSearch(new URLSearchParams('deviceId=3&groupId=7&period=yesterday'), now);

  it('sends the devices, the groups and the period in UTC', () => {
    const { query } = reportApiQuery(search, now, 31);
    expect(query?.getAll('deviceId')).toEqual(['3']);
    expect(query?.getAll('groupId')).toEqual(['7']);
    expect(query?.get('from')).toBe(new Date(2026, 10, 17).toISOString());
    expect(query?.get('to')).toBe(new Date(new Date(2026, 10, 18).getTime() - 1).toISOString());
  });

  it('says why there is none', () => {
    expect(reportApiQuery({ ...search, deviceIds: [], groupIds: [] }, now, 31).problem).toBe('noDevices');
    expect(reportApiQuery({ ...search, period: 'custom', to: search.from }, now, 31).problem).toBe('badRange');
    expect(reportApiQuery({ ...search, period: 'previousMonth' }, now, 7).problem).toBe('tooLong');
  });

  it('adds each page’s own parameters', () => {
    expect(extraParamsOf('events', new URLSearchParams())).toEqual([['type', 'allEvents']]);
    expect(extraParamsOf('events', new URLSearchParams('type=deviceOverspeed&type=bogus'))).toEqual([
      ['type', 'deviceOverspeed'],
    ]);
    expect(extraParamsOf('summary', new URLSearchParams('daily=true'))).toEqual([['daily', 'true']]);
    expect(extraParamsOf('chart', new URLSearchParams('key=fuel&key=speed'))).toEqual([
      ['key', 'fuel'],
      ['key', 'speed'],
    ]);
    expect(extraParamsOf('chart', new URLSearchParams())).toEqual([['key', 'speed']]);
    expect(extraParamsOf('trips', new URLSearchParams('groupTrips=true'))).toEqual([['groupTrips', 'true']]);
    expect(extraParamsOf('trips', new URLSearchParams('daily=true'))).toEqual([]);
  });
});
