/** Playback speeds, as multiples of the real time between two fixes. */
export const PLAYBACK_SPEEDS = [1, 2, 5, 10, 60] as const;
export type PlaybackSpeed = (typeof PLAYBACK_SPEEDS)[number];

/** Shortest wait between two steps, so that dense fixes at high speed still draw. */
export const MIN_STEP_MS = 40;
/** Longest wait between two steps: a device parked for hours does not freeze the playback. */
export const MAX_STEP_MS = 3000;

/** How long playback waits before moving from the step at `from` to the step at `to` (epoch milliseconds). */
export function stepDelay(from: number, to: number, speed: PlaybackSpeed): number {
  const gap = to - from;
  if (!Number.isFinite(gap) || gap <= 0) return MIN_STEP_MS;
  return Math.min(MAX_STEP_MS, Math.max(MIN_STEP_MS, gap / speed));
}
