import { distanceMetres } from '../distance';
import type { ActivityConfig, Edge, Tally, TrackPoint } from './activity-types';

export function emptyTally(): Tally {
  return {
    distance: 0,
    maxSpeed: 0,
    speedSum: 0,
    positions: 0,
    movingMs: 0,
    idleMs: 0,
    engineMs: 0,
    fuelSpent: 0,
    parkedDrop: 0,
    parkedRise: 0,
    riseId: null,
    riseTime: null,
    driver: null,
  };
}

/**
 * The tally a segment starts with at its first position, which also ends the segment before: its speed and
 * driver, not counted as a position (a segment's `positions` counts its pairs, so adjacent segments add up).
 */
export function boundaryTally(p: TrackPoint): Tally {
  const t = emptyTally();
  t.maxSpeed = p.speed;
  t.driver = p.driver;
  return t;
}

export function addPoint(t: Tally, p: TrackPoint): void {
  if (p.speed > t.maxSpeed) t.maxSpeed = p.speed;
  t.speedSum += p.speed;
  t.positions += 1;
  if (t.driver === null && p.driver) t.driver = p.driver;
}

/**
 * What the pair (a, b) of consecutive positions adds: the distance between them (the odometer's difference when
 * both report one, else the great circle), time moving and idling from a's state (nothing across a gap longer
 * than the stop gap: no data is not idling), engine hours gained, and fuel: the used counter's rise, else the
 * level's fall; standing still, rises are kept apart (refuels), and so are falls with the engine off (thefts).
 */
export function addPair(t: Tally, a: TrackPoint, b: TrackPoint, config: ActivityConfig): void {
  const odometerStep = b.odometer - a.odometer;
  t.distance +=
    a.hasOdometer && b.hasOdometer && odometerStep >= 0
      ? odometerStep
      : distanceMetres(a.latitude, a.longitude, b.latitude, b.longitude);
  const dt = b.time - a.time;
  const span = dt > 0 && (config.stopGap <= 0 || dt <= config.stopGap) ? dt : 0;
  if (a.motion) t.movingMs += span;
  else if (a.ignition === true) t.idleMs += span;
  if (a.hours !== null && b.hours !== null && b.hours > a.hours) t.engineMs += Math.min(b.hours - a.hours, dt);
  // standing still, a rise is fuel put in (engine on or off); a fall counts apart only with the engine off
  const still = !a.motion && !b.motion;
  const parked = still && a.ignition !== true;
  const level = a.fuel !== null && b.fuel !== null ? b.fuel - a.fuel : 0;
  if (still && level > 0) {
    t.parkedRise += level;
    if (t.riseId === null) {
      t.riseId = b.id;
      t.riseTime = b.time;
    }
  }
  if (parked && level < 0) t.parkedDrop -= level;
  if (a.fuelUsed !== null && b.fuelUsed !== null) t.fuelSpent += Math.max(0, b.fuelUsed - a.fuelUsed);
  else if (level < 0) t.fuelSpent -= level;
  addPoint(t, b);
}

/** A tally's running figures: what a report adds up from kept hours and folded edges alike. */
export type TallySums = Pick<
  Tally,
  'distance' | 'maxSpeed' | 'speedSum' | 'positions' | 'movingMs' | 'idleMs' | 'engineMs' | 'fuelSpent'
>;

/** Adds the running figures of `s` into t (in any order of spans: sums and a maximum). */
export function addSums(t: Tally, s: TallySums): void {
  t.distance += s.distance;
  if (s.maxSpeed > t.maxSpeed) t.maxSpeed = s.maxSpeed;
  t.speedSum += s.speedSum;
  t.positions += s.positions;
  t.movingMs += s.movingMs;
  t.idleMs += s.idleMs;
  t.engineMs += s.engineMs;
  t.fuelSpent += s.fuelSpent;
}

/** Adds `from` (the span right after t's) into t. */
export function mergeTally(t: Tally, from: Tally): void {
  addSums(t, from);
  t.parkedDrop += from.parkedDrop;
  t.parkedRise += from.parkedRise;
  if (t.riseId === null && from.riseId !== null) {
    t.riseId = from.riseId;
    t.riseTime = from.riseTime;
  }
  if (t.driver === null) t.driver = from.driver;
}

export function edgeOf(p: TrackPoint): Edge {
  return {
    id: p.id,
    time: p.time,
    latitude: p.latitude,
    longitude: p.longitude,
    odometer: p.odometer,
    address: p.address,
  };
}

/** Litres refuelled and possibly stolen in a span, by the thresholds (below them, rises are noise and falls use). */
export function fuelOf(t: Tally, config: ActivityConfig): { spent: number; refuelled: number; theft: number } {
  const theft = t.parkedDrop >= config.theftThreshold ? t.parkedDrop : 0;
  const refuelled = t.parkedRise >= config.refuelThreshold ? t.parkedRise : 0;
  return { spent: Math.max(0, t.fuelSpent - theft), refuelled, theft };
}
