import { describe, expect, it } from 'vitest';
import { aPosition } from '../../../test/map-fixtures';
import { chartRows, MAX_CHART_POINTS, numericKeys, unitOf } from './chart-series';

const units = { speed: 'kmh', distance: 'km', volume: 'ltr' } as const;

describe('chart series', () => {
  it('offers the fields, then the attributes that hold numbers', () => {
    const positions = [
      aPosition({ deviceId: 1, attributes: { fuel: 40, ignition: true, temp1: 21.5 } }),
      aPosition({ deviceId: 1, attributes: { batteryLevel: 80, driverUniqueId: 'x' } }),
    ];
    expect(numericKeys(positions)).toEqual([
      'speed',
      'altitude',
      'course',
      'accuracy',
      'batteryLevel',
      'fuel',
      'temp1',
    ]);
  });

  it('converts to the user’s units and names each series by device and key', () => {
    const positions = [
      aPosition({ id: 1, deviceId: 1, fixTime: '2026-11-18T10:00:00.000Z', speed: 10, attributes: { odometer: 5000 } }),
      aPosition({ id: 2, deviceId: 2, fixTime: '2026-11-18T09:00:00.000Z', speed: 20, attributes: {} }),
    ];
    const { rows, series } = chartRows(positions, ['speed', 'odometer'], units);
    expect(series).toEqual([
      { name: 's0', key: 'speed', deviceId: 1 },
      { name: 's1', key: 'odometer', deviceId: 1 },
      { name: 's2', key: 'speed', deviceId: 2 },
      { name: 's3', key: 'odometer', deviceId: 2 },
    ]);
    // in time order; a key a position lacks is left out of its row
    expect(rows).toEqual([
      { time: Date.parse('2026-11-18T09:00:00.000Z'), s2: 37.04 },
      { time: Date.parse('2026-11-18T10:00:00.000Z'), s0: 18.52, s1: 5 },
    ]);
    expect(unitOf('speed', units)).toBe('km/h');
    expect(unitOf('fuel', { ...units, volume: 'usGal' })).toBe('US gal');
    expect(unitOf('temp1', units)).toBeNull();
  });

  it('thins long tracks to what a chart can show', () => {
    const positions = Array.from({ length: MAX_CHART_POINTS * 3 + 1 }, (_, i) =>
      aPosition({ id: i, deviceId: 1, fixTime: new Date(Date.UTC(2026, 10, 18) + i * 1000).toISOString() }),
    );
    expect(chartRows(positions, ['speed'], units).rows.length).toBeLessThanOrEqual(MAX_CHART_POINTS);
  });
});
