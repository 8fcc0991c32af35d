import type { ActivityState, Edge, Tally, TrackPoint } from './activity-types';
import { emptyTally } from './tally';

/**
 * The detector's state as it is stored with every batch: positional arrays rather than named fields (a third of the
 * bytes, and the pipeline writes one per device per batch). Version 1.
 */
type Encoded = [1, 0 | 1, unknown[], number, unknown[], unknown[] | null, unknown[] | null, unknown[]];

const edge = (e: Edge) => [e.id, e.time, e.latitude, e.longitude, e.odometer, e.address];
const tally = (t: Tally) => [
  t.distance,
  t.maxSpeed,
  t.speedSum,
  t.positions,
  t.movingMs,
  t.idleMs,
  t.engineMs,
  t.fuelSpent,
  t.parkedDrop,
  t.parkedRise,
  t.riseId,
  t.riseTime,
  t.driver,
];
const bit = (b: boolean | null) => (b === null ? null : b ? 1 : 0);
const point = (p: TrackPoint) => [
  p.id,
  p.time,
  p.latitude,
  p.longitude,
  p.speed,
  bit(p.motion),
  bit(p.ignition),
  p.odometer,
  bit(p.hasOdometer),
  p.fuel,
  p.fuelUsed,
  p.hours,
  p.driver,
  p.address,
];

export function encodeState(s: ActivityState): Encoded {
  return [
    1,
    s.mode === 'trip' ? 1 : 0,
    edge(s.anchor),
    s.confirmedAt,
    tally(s.main),
    s.pending ? edge(s.pending) : null,
    s.pending ? tally(s.streak) : null,
    point(s.prev),
  ];
}

// biome-ignore lint/suspicious/noExplicitAny: decoding arrays written by encodeState
type A = any[];
const toEdge = (a: A): Edge => ({
  id: a[0],
  time: a[1],
  latitude: a[2],
  longitude: a[3],
  odometer: a[4],
  address: a[5],
});
const toTally = (a: A): Tally => ({
  distance: a[0],
  maxSpeed: a[1],
  speedSum: a[2],
  positions: a[3],
  movingMs: a[4],
  idleMs: a[5],
  engineMs: a[6],
  fuelSpent: a[7],
  parkedDrop: a[8],
  parkedRise: a[9],
  riseId: a[10],
  riseTime: a[11],
  driver: a[12],
});
const toBool = (v: unknown) => (v === null ? null : v === 1);
const toPoint = (a: A): TrackPoint => ({
  id: a[0],
  time: a[1],
  latitude: a[2],
  longitude: a[3],
  speed: a[4],
  motion: a[5] === 1,
  ignition: toBool(a[6]),
  odometer: a[7],
  hasOdometer: a[8] === 1,
  fuel: a[9],
  fuelUsed: a[10],
  hours: a[11],
  driver: a[12],
  address: a[13],
});

export function decodeState(value: unknown): ActivityState {
  const e = value as Encoded;
  return {
    mode: e[1] === 1 ? 'trip' : 'stop',
    anchor: toEdge(e[2] as A),
    confirmedAt: e[3],
    main: toTally(e[4] as A),
    pending: e[5] ? toEdge(e[5] as A) : null,
    streak: e[6] ? toTally(e[6] as A) : emptyTally(),
    prev: toPoint(e[7] as A),
  };
}
