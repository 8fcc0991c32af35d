import { describe, expect, it } from 'vitest';
import { POSITION_KEYS, positionSchema } from './device';
import { emptyPositionFix, POSITION_FIX_KEYS, positionFixSchema } from './position';

describe('the position record', () => {
  it('serves every field of the decoded fix, and the fields the server adds', () => {
    expect(POSITION_KEYS).toEqual(expect.arrayContaining([...POSITION_FIX_KEYS]));
    expect(POSITION_KEYS.filter((key) => !(POSITION_FIX_KEYS as readonly string[]).includes(key))).toEqual([
      'id',
      'deviceId',
      'protocol',
      'serverTime',
      'address',
      'geofenceIds',
    ]);
  });

  it('starts a decoder with a valid empty fix', () => {
    expect(positionFixSchema.parse(emptyPositionFix())).toEqual(emptyPositionFix());
    expect(Object.keys(emptyPositionFix())).toEqual(POSITION_FIX_KEYS);
  });

  it('requires both times of a stored position', () => {
    const stored = {
      ...emptyPositionFix(),
      id: 1,
      deviceId: 2,
      protocol: 'osmand',
      serverTime: '2026-01-01T00:00:01.000Z',
      deviceTime: '2026-01-01T00:00:00.000Z',
      fixTime: '2026-01-01T00:00:00.000Z',
      address: null,
      geofenceIds: [],
    };
    expect(positionSchema.safeParse(stored).success).toBe(true);
    expect(positionSchema.safeParse({ ...stored, fixTime: null }).success).toBe(false);
  });
});
