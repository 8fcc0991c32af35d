import type { ActivityConfig, ActivityState, Segment, TrackPoint } from './activity-types';
import { firstState, step } from './detector';

/** Folds ordered positions into a state (from `state`, or from nothing), returning the segments they closed. */
export function fold(
  state: ActivityState | null,
  points: readonly TrackPoint[],
  config: ActivityConfig,
): { state: ActivityState | null; segments: Segment[] } {
  const segments: Segment[] = [];
  let s = state;
  for (const p of points) s = s ? step(s, p, config, segments) : firstState(p, config, segments);
  return { state: s, segments };
}

/** Orders positions as the fold reads them: by fix time, then id. */
export const byTime = (a: TrackPoint, b: TrackPoint) => a.time - b.time || a.id - b.id;

/** a comes strictly after b in that order */
export const after = (a: Pick<TrackPoint, 'time' | 'id'>, b: Pick<TrackPoint, 'time' | 'id'>) =>
  a.time > b.time || (a.time === b.time && a.id > b.id);
