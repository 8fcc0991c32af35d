import { describe, expect, it } from 'vitest';
import type { ActivityConfig, Segment, TrackPoint } from './activity-types';
import { openSegment } from './detector';
import { fold } from './replay';

const config: ActivityConfig = {
  minDistance: 200,
  minDuration: 180_000,
  minParking: 300_000,
  stopGap: 3_600_000,
  useIgnition: false,
  refuelThreshold: 5,
  theftThreshold: 5,
};

const MIN = 60_000;
let id = 0;
/** A position at minute `m`, `north` metres north of the start, moving or not. */
function at(m: number, north: number, moving: boolean, extra: Partial<TrackPoint> = {}): TrackPoint {
  return {
    id: ++id,
    time: m * MIN,
    latitude: 48 + north / 111_195,
    longitude: 2,
    speed: moving ? 20 : 0,
    motion: moving,
    ignition: moving,
    odometer: 0,
    hasOdometer: false,
    fuel: null,
    fuelUsed: null,
    hours: null,
    driver: null,
    address: null,
    ...extra,
  };
}
const spans = (segments: Segment[]) => segments.map((s) => [s.kind, s.start.time / MIN, s.end.time / MIN]);

describe('the trip and stop detector', () => {
  it('starts a trip after 200 m of motion even within three minutes, and ends it after five minutes parked', () => {
    const points = [at(0, 0, false), at(1, 0, false), at(2, 300, true), at(3, 600, true), at(4, 600, false)];
    for (let m = 5; m <= 12; m++) points.push(at(m, 600, false));
    const { segments, state } = fold(null, points, config);
    expect(spans(segments)).toEqual([
      ['stop', 0, 1],
      ['trip', 1, 4],
    ]);
    expect(segments[1]?.tally.distance).toBeCloseTo(600, 0);
    expect(state && spans([openSegment(state, config) as Segment])).toEqual([['stop', 4, 12]]);
  });

  it('keeps a short move inside a stop and a short halt inside a trip', () => {
    const points = [at(0, 0, false), at(1, 0, false), at(2, 50, true), at(3, 50, false)];
    for (let m = 4; m <= 8; m++) points.push(at(m, 50, false));
    // 50 m for one minute: not a trip
    expect(fold(null, points, config).segments).toEqual([]);
    const drive = [at(0, 0, false)];
    for (let m = 1; m <= 10; m++) drive.push(at(m, m * 400, true));
    drive.push(at(11, 4000, false), at(12, 4000, false), at(13, 4400, true)); // a two-minute halt
    for (let m = 14; m <= 20; m++) drive.push(at(m, 4400, false));
    expect(spans(fold(null, drive, config).segments)).toEqual([['trip', 0, 14]]);
  });

  it('ends a trip at a gap without data longer than the stop gap', () => {
    const points = [at(0, 0, false), at(1, 400, true), at(2, 800, true), at(3, 1200, true)];
    points.push(at(70, 5000, true), at(71, 5400, true), at(72, 5800, true));
    expect(spans(fold(null, points, config).segments)).toEqual([['trip', 0, 3]]);
  });

  it('reads motion from the ignition when asked', () => {
    const parkedIdling = [at(0, 0, false)];
    for (let m = 1; m <= 6; m++) parkedIdling.push(at(m, 0, false, { ignition: true }));
    parkedIdling.push(at(7, 0, false, { ignition: false }));
    for (let m = 8; m <= 14; m++) parkedIdling.push(at(m, 0, false, { ignition: false }));
    expect(fold(null, parkedIdling, config).segments).toEqual([]);
    expect(spans(fold(null, parkedIdling, { ...config, useIgnition: true }).segments)).toEqual([['trip', 0, 7]]);
  });

  it('tells refuels and thefts while parked from consumption, and counts idling', () => {
    const points = [at(0, 0, false, { fuel: 40, ignition: true })];
    for (let m = 1; m <= 3; m++) points.push(at(m, 0, false, { fuel: 40 - m * 0.2, ignition: true })); // idling
    for (let m = 4; m <= 6; m++) points.push(at(m, 0, false, { fuel: 39.4 + (m - 3) * 10 })); // 30 l in
    for (let m = 7; m <= 9; m++) points.push(at(m, 0, false, { fuel: 69.4 - (m - 6) * 3 })); // 9 l out, engine off
    for (let m = 10; m <= 14; m++) points.push(at(m, (m - 9) * 500, true, { fuel: 60.4 - (m - 9) * 0.5 }));
    for (let m = 15; m <= 21; m++) points.push(at(m, 2500, false, { fuel: 57.9 }));
    const { segments } = fold(null, points, config);
    const [stop, trip] = segments as [Segment, Segment];
    expect(spans(segments)).toEqual([
      ['stop', 0, 9],
      ['trip', 9, 15],
    ]);
    expect(stop.refuelled).toBeCloseTo(30, 6);
    expect(stop.theft).toBeCloseTo(9, 6);
    expect(stop.tally.idleMs).toBe(4 * MIN);
    expect(stop.tally.fuelSpent - stop.theft).toBeCloseTo(0.6, 6);
    expect(trip.tally.fuelSpent).toBeCloseTo(2.5, 6);
    expect(trip.refuelled).toBe(0);
  });
});
