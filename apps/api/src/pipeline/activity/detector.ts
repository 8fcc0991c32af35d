import type { ActivityConfig, ActivityState, Segment, SegmentKind, TrackPoint } from './activity-types';
import { addPair, boundaryTally, edgeOf, emptyTally, fuelOf, mergeTally } from './tally';

/**
 * The state of a segment of `kind` that starts at p, as if nothing came before: every state right after a
 * segment's start is decided has this shape, which is why a device's fold can start again from any decided start.
 */
export function stateAt(p: TrackPoint, kind: SegmentKind, confirmedAt: number): ActivityState {
  return {
    mode: kind,
    anchor: edgeOf(p),
    confirmedAt,
    main: boundaryTally(p),
    pending: null,
    streak: emptyTally(),
    prev: p,
  };
}

/** The first position a device ever stored starts a stop (a moving one opens a trip at once, see step). */
export function firstState(p: TrackPoint, config: ActivityConfig, out: Segment[]): ActivityState {
  const state = stateAt(p, 'stop', p.time);
  if (isMoving(p, config)) {
    state.pending = edgeOf(p);
    state.streak = boundaryTally(p);
    confirm(state, p, config, out);
  }
  return state;
}

export const isMoving = (p: TrackPoint, config: ActivityConfig) =>
  config.useIgnition ? p.ignition === true : p.motion;

/**
 * Folds the next position (later than state.prev) into the state, pushing the segments it closes onto `out`.
 *
 * The rules: a stop turns into a trip once the device has moved minDistance metres or for minDuration ms without
 * stopping; a trip turns into a stop once the device has stood still for minParking ms. A trip starts at the last
 * position where the device stood (the leg it left by is the trip's) and ends at the first where it stands again
 * (the leg it arrived by is the trip's too), so short halts stay inside trips and short moves inside stops. A gap
 * without data longer than stopGap while on a trip ends the trip at its last position (or where it already stood).
 */
export function step(state: ActivityState, p: TrackPoint, config: ActivityConfig, out: Segment[]): ActivityState {
  const s = state;
  const before = s.prev;
  if (config.stopGap > 0 && p.time - before.time > config.stopGap) {
    if (s.mode === 'trip') {
      const end = s.pending ?? edgeOf(before);
      push(out, { kind: 'trip', start: s.anchor, end, confirmedAt: s.confirmedAt, tally: s.main }, config);
      s.mode = 'stop';
      s.anchor = end;
      s.confirmedAt = p.time;
      s.main = s.pending ? s.streak : boundaryTally(before);
    } else if (s.pending) {
      mergeTally(s.main, s.streak);
    }
    s.pending = null;
    s.streak = emptyTally();
  }
  s.prev = p;
  if (isMoving(p, config) === (s.mode === 'trip')) {
    addPair(s.pending ? s.streak : s.main, before, p, config);
    if (s.pending) {
      mergeTally(s.main, s.streak);
      s.pending = null;
      s.streak = emptyTally();
    }
    return s;
  }
  if (s.pending) addPair(s.streak, before, p, config);
  else if (s.mode === 'stop') {
    // leaving: the run starts where the device stood
    s.pending = edgeOf(before);
    s.streak = boundaryTally(before);
    addPair(s.streak, before, p, config);
  } else {
    // arriving: the leg to here is the trip's, the run starts here
    addPair(s.main, before, p, config);
    s.pending = edgeOf(p);
    s.streak = boundaryTally(p);
  }
  confirm(s, p, config, out);
  return s;
}

function confirm(s: ActivityState, p: TrackPoint, config: ActivityConfig, out: Segment[]): void {
  const pending = s.pending;
  if (!pending) return;
  const held = p.time - pending.time;
  const decided =
    s.mode === 'stop'
      ? held >= config.minDuration || s.streak.distance >= config.minDistance
      : held >= config.minParking;
  if (!decided) return;
  push(out, { kind: s.mode, start: s.anchor, end: pending, confirmedAt: s.confirmedAt, tally: s.main }, config);
  s.mode = s.mode === 'stop' ? 'trip' : 'stop';
  s.anchor = pending;
  s.confirmedAt = p.time;
  s.main = s.streak;
  s.pending = null;
  s.streak = emptyTally();
}

type Open = Omit<Segment, 'refuelled' | 'theft'>;

/** A segment of one position (a device's very first, moving at once) is no segment. */
function push(out: Segment[], segment: Open, config: ActivityConfig): void {
  if (segment.end.time > segment.start.time) out.push(withFuel(segment, config));
}

function withFuel(segment: Open, config: ActivityConfig): Segment {
  const { refuelled, theft } = fuelOf(segment.tally, config);
  return { ...segment, refuelled, theft };
}

/** The open segment as it stands (a report's last row): from the anchor to the latest position. */
export function openSegment(s: ActivityState, config: ActivityConfig): Segment | null {
  const tally = { ...s.main };
  if (s.pending) mergeTally(tally, s.streak);
  const end = { ...s.anchor, ...pick(s.prev) };
  if (end.time <= s.anchor.time) return null;
  return withFuel({ kind: s.mode, start: s.anchor, end, confirmedAt: s.confirmedAt, tally }, config);
}

function pick(p: TrackPoint) {
  return {
    id: p.id,
    time: p.time,
    latitude: p.latitude,
    longitude: p.longitude,
    odometer: p.odometer,
    address: p.address,
  };
}
