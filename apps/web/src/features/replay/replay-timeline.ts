import type { Position } from '@waymark/contracts/device';

/** One device's part of a replay: its fixes in time order, their times in ms, and the colour it is drawn in. */
export interface ReplayTrack {
  deviceId: number;
  color: string;
  points: readonly Position[];
  /** epoch ms of each point, in the same order */
  times: readonly number[];
}

/** Distinct colours for the tracks, in the order devices are listed; past the last they repeat. */
export const TRACK_COLORS = [
  '#1c7ed6',
  '#e8590c',
  '#2f9e44',
  '#ae3ec9',
  '#e03131',
  '#0c8599',
  '#f08c00',
  '#5f3dc4',
  '#c2255c',
  '#495057',
] as const;

export const colorAt = (index: number): string => TRACK_COLORS[index % TRACK_COLORS.length] as string;

/**
 * Splits a route (the API sends it device after device, each in time order) into one track per device, ordered
 * by device id so that a device keeps its colour whatever else is replayed with it. Each track is sorted by time
 * (a stable sort: fixes of equal time keep the API's order).
 */
export function tracksOf(positions: readonly Position[]): ReplayTrack[] {
  const byDevice = new Map<number, Position[]>();
  for (const position of positions) {
    const list = byDevice.get(position.deviceId);
    if (list) list.push(position);
    else byDevice.set(position.deviceId, [position]);
  }
  return [...byDevice.keys()]
    .sort((a, b) => a - b)
    .map((deviceId, index) => {
      const points = (byDevice.get(deviceId) ?? [])
        .map((p) => ({ p, t: Date.parse(p.fixTime) }))
        .sort((a, b) => a.t - b.t);
      return { deviceId, color: colorAt(index), points: points.map((x) => x.p), times: points.map((x) => x.t) };
    });
}

/** The one timeline of all tracks: every distinct fix time, ascending. The player steps along it. */
export function timelineOf(tracks: readonly ReplayTrack[]): number[] {
  const all = new Set<number>();
  for (const track of tracks) for (const time of track.times) all.add(time);
  return [...all].sort((a, b) => a - b);
}

/** The index of the last value in `sorted` that is ≤ `time`, or -1 when every value is later. */
export function lastAtOrBefore(sorted: readonly number[], time: number): number {
  let low = 0;
  let high = sorted.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if ((sorted[mid] as number) <= time) {
      found = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  return found;
}

/** Where a device is at `time`: its latest fix at or before it (index into the track), -1 before its first fix. */
export const trackIndexAt = (track: ReplayTrack, time: number) => lastAtOrBefore(track.times, time);

/**
 * The step of the timeline to show for a moment (a stop's start): the last step at or before it, or the first
 * step when the moment comes before the whole timeline.
 */
export function stepAt(timeline: readonly number[], time: number): number {
  return Math.max(0, lastAtOrBefore(timeline, time));
}
