import { describe, expect, it } from 'vitest';
import {
  isEmptySelection,
  REPLAY_MAX_CHOSEN,
  readReplaySelection,
  replayQuery,
  writeReplaySelection,
} from './replay-selection';

describe('replay selection', () => {
  it('reads repeated device and group ids, dropping what is not an id and repeats', () => {
    const params = new URLSearchParams('deviceId=2&deviceId=x&deviceId=5&deviceId=2&groupId=3&groupId=-1&other=1');
    expect(readReplaySelection(params)).toEqual({ deviceIds: [2, 5], groupIds: [3] });
    expect(isEmptySelection(readReplaySelection(new URLSearchParams('deviceId=0')))).toBe(true);
  });

  it('keeps at most the bounded number of ids', () => {
    const many = new URLSearchParams(Array.from({ length: 80 }, (_, i) => ['deviceId', String(i + 1)]));
    expect(readReplaySelection(many).deviceIds).toHaveLength(REPLAY_MAX_CHOSEN);
  });

  it('writes the selection over the URL, keeping its other parameters', () => {
    const base = new URLSearchParams('deviceId=9&keep=yes');
    expect(writeReplaySelection({ deviceIds: [1, 2], groupIds: [4] }, base).toString()).toBe(
      'keep=yes&deviceId=1&deviceId=2&groupId=4',
    );
  });

  it('builds the API query of the selection and the period', () => {
    const from = new Date('2026-01-13T00:00:00Z');
    const to = new Date('2026-01-13T23:59:59.999Z');
    expect(replayQuery({ deviceIds: [1], groupIds: [4] }, from, to).toString()).toBe(
      'deviceId=1&groupId=4&from=2026-01-13T00%3A00%3A00.000Z&to=2026-01-13T23%3A59%3A59.999Z',
    );
  });
});
