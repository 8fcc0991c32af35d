import { useCallback, useEffect, useState } from 'react';
import { type PlaybackSpeed, stepDelay } from './playback';

/**
 * The player's state over one timeline (epoch ms, ascending, never empty): the current step, playing or not, the
 * speed. Playing waits the real time to the next step divided by the speed, within the step bounds.
 */
export function usePlayback(timeline: readonly number[]) {
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<PlaybackSpeed>(10);
  const last = timeline.length - 1;

  useEffect(() => {
    if (!playing) return;
    const here = timeline[index];
    const next = timeline[index + 1];
    if (here === undefined || next === undefined) {
      setPlaying(false);
      return;
    }
    const timer = setTimeout(() => setIndex(index + 1), stepDelay(here, next, speed));
    return () => clearTimeout(timer);
  }, [playing, index, speed, timeline]);

  const toggle = useCallback(() => {
    if (playing) return setPlaying(false);
    if (index >= last) setIndex(0); // at the end, play starts over
    setPlaying(last > 0);
  }, [playing, index, last]);

  /** Moves to a step (clamped to the timeline); playing goes on from there. */
  const seek = useCallback((step: number) => setIndex(Math.max(0, Math.min(step, last))), [last]);

  return { index: Math.min(index, last), last, playing, toggle, seek, speed, setSpeed };
}

export type Playback = ReturnType<typeof usePlayback>;
