import { describe, expect, it } from 'vitest';
import { aPosition } from '../../test/devices-fixtures';
import { colorAt, lastAtOrBefore, stepAt, TRACK_COLORS, timelineOf, trackIndexAt, tracksOf } from './replay-timeline';

const fix = (id: number, deviceId: number, time: string) =>
  aPosition({ id, deviceId, fixTime: `2026-01-13T08:${time}.000Z` });
const ms = (time: string) => Date.parse(`2026-01-13T08:${time}.000Z`);

describe('replay timeline', () => {
  // the API sends device 7 first, then device 3, one fix of device 3 out of order
  const route = [fix(1, 7, '00:10'), fix(2, 7, '00:40'), fix(3, 3, '00:30'), fix(4, 3, '00:00'), fix(5, 3, '00:40')];

  it('splits a route into one time-ordered track per device, ordered and coloured by device id', () => {
    const tracks = tracksOf(route);
    expect(tracks.map((t) => t.deviceId)).toEqual([3, 7]);
    expect(tracks.map((t) => t.color)).toEqual([TRACK_COLORS[0], TRACK_COLORS[1]]);
    expect(tracks[0]?.points.map((p) => p.id)).toEqual([4, 3, 5]);
    expect(tracks[0]?.times).toEqual([ms('00:00'), ms('00:30'), ms('00:40')]);
    expect(tracksOf([])).toEqual([]);
  });

  it('merges the tracks into one timeline of distinct times', () => {
    expect(timelineOf(tracksOf(route))).toEqual([ms('00:00'), ms('00:10'), ms('00:30'), ms('00:40')]);
  });

  it('places each device at its latest fix at or before a time', () => {
    const [three, seven] = tracksOf(route);
    if (!three || !seven) throw new Error('two tracks expected');
    expect(trackIndexAt(seven, ms('00:00'))).toBe(-1);
    expect(trackIndexAt(seven, ms('00:10'))).toBe(0);
    expect(trackIndexAt(seven, ms('00:39'))).toBe(0);
    expect(trackIndexAt(three, ms('00:39'))).toBe(1);
    expect(trackIndexAt(three, ms('09:00'))).toBe(2);
  });

  it('finds the step for a moment, the first one before the timeline starts', () => {
    const timeline = [10, 20, 30];
    expect(lastAtOrBefore(timeline, 25)).toBe(1);
    expect(lastAtOrBefore(timeline, 30)).toBe(2);
    expect(lastAtOrBefore(timeline, 5)).toBe(-1);
    expect(lastAtOrBefore([], 5)).toBe(-1);
    expect(stepAt(timeline, 5)).toBe(0);
    expect(stepAt(timeline, 21)).toBe(1);
  });

  it('repeats the colours past the last one', () => {
    expect(colorAt(TRACK_COLORS.length)).toBe(TRACK_COLORS[0]);
  });
});
