import { describe, expect, it } from 'vitest';
import { aStop, aSummary } from '../../test/reports-fixtures';
import { tripSummaryOf } from './trip-summary';

describe('tripSummaryOf', () => {
  it('adds up the devices: distances and times summed, the top speed, the mean speed over all positions', () => {
    const rows = [
      aSummary({ distance: 1000, movingTime: 60_000, idleTime: 5_000, maxSpeed: 30, averageSpeed: 10, positions: 3 }),
      aSummary({
        deviceId: 2,
        distance: 500,
        movingTime: 30_000,
        idleTime: 0,
        maxSpeed: 45,
        averageSpeed: 20,
        positions: 1,
      }),
    ];
    const stops = [aStop({ duration: 600_000 }), aStop({ deviceId: 2, duration: 120_000 })];
    expect(tripSummaryOf(rows, stops)).toEqual({
      distance: 1500,
      movingTime: 90_000,
      parkedTime: 720_000,
      idleTime: 5_000,
      maxSpeed: 45,
      averageSpeed: 12.5,
      stops: 2,
    });
  });

  it('is all zero with nothing counted', () => {
    expect(tripSummaryOf([], [])).toEqual({
      distance: 0,
      movingTime: 0,
      parkedTime: 0,
      idleTime: 0,
      maxSpeed: 0,
      averageSpeed: 0,
      stops: 0,
    });
  });
});
