import type { ActivityConfig, ActivityState, Segment, SegmentKind, TrackPoint } from './activity-types';
import { addPair, edgeOf, emptyTally, mergeTally, pointTally } from './tally';

/**
 * The state of a segment of `kind` that starts at p, as if nothing came before: every state right after a
 * segment's start is decided has this shape, which is why a device's fold can start again from any decided start.
 */
export function stateAt(p: TrackPoint, kind: SegmentKind, confirmedAt: number): ActivityState {
  return {
    mode: kind,
    anchor: edgeOf(p),
    confirmedAt,
    main: pointTally(p),
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
    state.streak = pointTally(p);
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
 * stopping; a trip turns into a stop once the device has stood still for minParking ms. The new segment starts at
 * the first position of that run, so short halts stay inside trips and short moves inside stops. A gap without
 * data longer than stopGap while on a trip ends the trip at its last position (or where it was already standing).
 */
export function step(state: ActivityState, p: TrackPoint, config: ActivityConfig, out: Segment[]): ActivityState {
  const s = state;
  if (config.stopGap > 0 && p.time - s.prev.time > config.stopGap) {
    if (s.mode === 'trip') {
      const end = s.pending ?? edgeOf(s.prev);
      push(out, { kind: 'trip', start: s.anchor, end, confirmedAt: s.confirmedAt, tally: s.main });
      s.mode = 'stop';
      s.anchor = end;
      s.confirmedAt = p.time;
      s.main = s.pending ? s.streak : pointTally(s.prev);
    } else if (s.pending) {
      mergeTally(s.main, s.streak);
    }
    s.pending = null;
    s.streak = emptyTally();
  }
  addPair(s.pending ? s.streak : s.main, s.prev, p, config);
  s.prev = p;
  if (isMoving(p, config) === (s.mode === 'trip')) {
    if (s.pending) {
      mergeTally(s.main, s.streak);
      s.pending = null;
      s.streak = emptyTally();
    }
    return s;
  }
  if (!s.pending) {
    s.pending = edgeOf(p);
    s.streak = pointTally(p);
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
  push(out, { kind: s.mode, start: s.anchor, end: pending, confirmedAt: s.confirmedAt, tally: s.main });
  s.mode = s.mode === 'stop' ? 'trip' : 'stop';
  s.anchor = pending;
  s.confirmedAt = p.time;
  s.main = s.streak;
  s.pending = null;
  s.streak = emptyTally();
}

/** A segment of one position (a device's very first, moving at once) is no segment. */
function push(out: Segment[], segment: Segment): void {
  if (segment.end.time > segment.start.time) out.push(segment);
}

/** The open segment as it stands (a report's last row): from the anchor to the latest position. */
export function openSegment(s: ActivityState): Segment | null {
  const tally = { ...s.main };
  if (s.pending) mergeTally(tally, s.streak);
  const end = { ...s.anchor, ...pick(s.prev) };
  if (end.time <= s.anchor.time) return null;
  return { kind: s.mode, start: s.anchor, end, confirmedAt: s.confirmedAt, tally };
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
