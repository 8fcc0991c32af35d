import { describe, expect, it } from 'vitest';
import { aDevice, aPosition } from '../../test/devices-fixtures';
import { bearingDegrees, compassPoint, distanceMetres, radarEntries } from './radar-geometry';

describe('radar geometry', () => {
  it('measures great-circle distance and initial bearing', () => {
    const a = { latitude: 0, longitude: 0 };
    expect(distanceMetres(a, { latitude: 0, longitude: 1 })).toBeCloseTo(111_195, -1);
    expect(bearingDegrees(a, { latitude: 1, longitude: 0 })).toBeCloseTo(0);
    expect(bearingDegrees(a, { latitude: 0, longitude: 1 })).toBeCloseTo(90);
    expect(bearingDegrees(a, { latitude: -1, longitude: 0 })).toBeCloseTo(180);
    expect(bearingDegrees(a, { latitude: 0, longitude: -1 })).toBeCloseTo(270);
    expect(compassPoint(44)).toBe('NE');
    expect(compassPoint(350)).toBe('N');
  });

  it('lists other devices with a position, nearest first', () => {
    const devices = [1, 2, 3, 4].map((id) => aDevice({ id, name: `D${id}` }));
    const positions = [
      aPosition({ deviceId: 1, latitude: 0, longitude: 0 }),
      aPosition({ deviceId: 2, latitude: 0, longitude: 0.1 }),
      aPosition({ deviceId: 3, latitude: 0.01, longitude: 0 }),
    ];
    const { centre, entries } = radarEntries(1, devices, positions);
    expect(centre?.deviceId).toBe(1);
    expect(entries.map((e) => e.device.id)).toEqual([3, 2]);
    expect(radarEntries(4, devices, positions).entries).toEqual([]);
  });
});
