/**
 * Trips, stops and hourly tallies, kept as positions are stored. A device's positions, ordered by fix time
 * (then id), are folded by a detector into alternating segments (a stop, then a trip, then a stop …) and, pair
 * by pair, into per-hour tallies. Everything a report sums is a sum over pairs of consecutive positions, so the
 * tallies of disjoint spans add up to the tally of their union.
 */

/** What the fold reads of one stored position. */
export interface TrackPoint {
  id: number;
  /** fix time, ms */
  time: number;
  latitude: number;
  longitude: number;
  /** knots */
  speed: number;
  motion: boolean;
  ignition: boolean | null;
  /** metres: the device's odometer, else the pipeline's totalDistance */
  odometer: number;
  /** the device reports its own odometer (then distances are odometer differences) */
  hasOdometer: boolean;
  /** fuel level, litres */
  fuel: number | null;
  /** fuel used counter, litres */
  fuelUsed: number | null;
  /** engine hours, ms */
  hours: number | null;
  driver: string | null;
  address: string | null;
}

/** A segment's first or last position. */
export interface Edge {
  id: number;
  time: number;
  latitude: number;
  longitude: number;
  odometer: number;
  address: string | null;
}

/** Sums over the pairs of a span (and maxima over its positions). */
export interface Tally {
  /** metres */
  distance: number;
  /** knots */
  maxSpeed: number;
  speedSum: number;
  positions: number;
  /** ms moving (motion at the pair's start) */
  movingMs: number;
  /** ms with the engine on and not moving */
  idleMs: number;
  /** engine hours gained, ms */
  engineMs: number;
  /** litres the fuel fell, or the fuel-used counter rose: consumption, thefts included */
  fuelSpent: number;
  /** litres the level fell while parked with the engine off (a theft when a stop's total passes the threshold) */
  parkedDrop: number;
  /** litres the level rose while parked (a refuel when a stop's total passes the threshold) */
  parkedRise: number;
  /** the first parked rise: where a refuel happened */
  riseId: number | null;
  riseTime: number | null;
  /** the first driver seen */
  driver: string | null;
}

export type SegmentKind = 'trip' | 'stop';

export interface Segment {
  kind: SegmentKind;
  start: Edge;
  end: Edge;
  /** fix time of the position at which the segment's start was decided (later positions cannot move it) */
  confirmedAt: number;
  tally: Tally;
  /** litres refuelled and possibly stolen while parked, by the device's thresholds when the segment closed */
  refuelled: number;
  theft: number;
}

/** The detector's state after a device's latest position: what is kept between batches (as JSON). */
export interface ActivityState {
  mode: SegmentKind;
  /** the open segment's first position and when it was decided */
  anchor: Edge;
  confirmedAt: number;
  /** the open segment from its anchor to the pending change (or to prev) */
  main: Tally;
  /** the first position of a run in the other mode not yet long enough to count, and that run's tally */
  pending: Edge | null;
  streak: Tally;
  /** the latest position folded */
  prev: TrackPoint;
}

/** The detector's thresholds (settings report.trip.*, fuel thresholds), in metres, ms and litres. */
export interface ActivityConfig {
  /** a trip starts after this many metres of motion … */
  minDistance: number;
  /** … or this long in motion */
  minDuration: number;
  /** a trip ends after this long stopped */
  minParking: number;
  /** a gap without data longer than this ends a trip (0 = never) */
  stopGap: number;
  /** motion is the ignition rather than the speed */
  useIgnition: boolean;
  /** litres: a parked rise of this much is a refuel, a parked fall of this much a possible theft */
  refuelThreshold: number;
  theftThreshold: number;
}

export const HOUR_MS = 3_600_000;
