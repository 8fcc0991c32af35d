import { describe, expect, it } from 'vitest';
import type { TrackRun } from './pet-places';
import { clusterPlaces, detectStays, heatCells } from './pet-places';

const HOME = { latitude: 48.85, longitude: 2.35 };
const PARK = { latitude: 48.86, longitude: 2.36 }; // about 1.3 km away
const at = (minute: number) => new Date(Date.UTC(2026, 4, 1, 0, minute));
const run = (from: number, to: number, where: { latitude: number; longitude: number }, count = 10): TrackRun => ({
  start: at(from),
  end: at(to),
  ...where,
  count,
});
const near = (p: { latitude: number; longitude: number }, metres: number) => ({
  latitude: p.latitude + metres / 111_320,
  longitude: p.longitude,
});

describe('detectStays', () => {
  it('joins nearby runs into a stay and drops short ones', () => {
    const stays = detectStays([
      run(0, 20, HOME),
      run(21, 40, near(HOME, 30)),
      run(45, 50, near(HOME, 600)), // walking: 5 minutes, no stay
      run(55, 90, PARK),
    ]);
    expect(stays).toHaveLength(2);
    expect(stays[0]?.start).toEqual(at(0));
    expect(stays[0]?.end).toEqual(at(40));
    expect(stays[0]?.latitude).toBeCloseTo(HOME.latitude + 15 / 111_320, 6);
    expect(stays[1]).toMatchObject({ start: at(55), end: at(90) });
  });

  it('splits a stay at a silence longer than an hour', () => {
    expect(detectStays([run(0, 20, HOME), run(90, 110, HOME)])).toHaveLength(2);
  });
});

describe('clusterPlaces', () => {
  it('gathers stays at one place with their dwell and visits, the longest first', () => {
    const places = clusterPlaces([
      { start: at(0), end: at(60), ...HOME },
      { start: at(100), end: at(130), ...PARK },
      { start: at(200), end: at(300), ...near(HOME, 50) },
    ]);
    expect(places).toHaveLength(2);
    expect(places[0]).toMatchObject({ dwellMinutes: 160, visits: 2, firstArrival: at(0).toISOString() });
    expect(places[0]?.latitude).toBeCloseTo(HOME.latitude + (50 * 100) / 160 / 111_320, 5);
    expect(places[1]).toMatchObject({ dwellMinutes: 30, visits: 1, radius: 25 });
  });
});

describe('heatCells', () => {
  it('weighs each cell against the busiest', () => {
    expect(
      heatCells([
        { latitude: 1, longitude: 2, minutes: 120 },
        { latitude: 1.001, longitude: 2, minutes: 30 },
      ]).map((c) => c.weight),
    ).toEqual([1, 0.25]);
    expect(heatCells([])).toEqual([]);
  });
});
