import { describe, expect, it } from 'vitest';
import type { Position } from './device';
import { deviceSchema } from './device';
import type { Event } from './event';
import { emptyPositionFix } from './position';
import type { LiveFrame } from './socket';
import { frameText, liveFrameSchema, receivedLiveFrameSchema, shareFrameSchema } from './socket';

const position: Position = {
  ...emptyPositionFix(),
  id: 7,
  deviceId: 3,
  protocol: 'gt06',
  serverTime: '2026-01-01T00:00:01.000Z',
  deviceTime: '2026-01-01T00:00:00.000Z',
  fixTime: '2026-01-01T00:00:00.000Z',
  latitude: 37.97,
  longitude: 23.73,
  address: null,
  geofenceIds: [],
};
const device = deviceSchema.parse({
  ...Object.fromEntries(Object.keys(deviceSchema.shape).map((key) => [key, null])),
  id: 3,
  name: 'Van',
  uniqueId: '356307042441013',
  status: 'online',
  disabled: false,
  attributes: {},
});
const event: Event = {
  id: 1,
  type: 'deviceOnline',
  eventTime: '2026-01-01T00:00:00.000Z',
  deviceId: 3,
  positionId: 0,
  geofenceId: 0,
  maintenanceId: 0,
  attributes: {},
};
const read = (text: string) => JSON.parse(text) as unknown;

describe('live socket frames', () => {
  it('reads back what the server writes, both in full and as a browser reads it', () => {
    const frames: LiveFrame[] = [{ positions: [position] }, { devices: [device] }, { events: [event] }, {}];
    for (const frame of frames) {
      expect(liveFrameSchema.parse(read(frameText(frame)))).toEqual(frame);
      expect(receivedLiveFrameSchema.parse(read(frameText(frame)))).toEqual(frame);
    }
  });

  it('refuses frames outside the catalogue', () => {
    for (const frame of [
      { positions: [position], devices: [] },
      { trips: [] },
      { positions: {} },
      { positions: [{ id: 7, deviceId: 3 }] },
      { positions: [{ ...position, latitude: '37.97' }] },
      { devices: [{ id: 3 }] },
      { events: [{ id: 1 }] },
      [],
      null,
    ]) {
      expect(liveFrameSchema.safeParse(frame).success, JSON.stringify(frame)).toBe(false);
      expect(receivedLiveFrameSchema.safeParse(frame).success, JSON.stringify(frame)).toBe(false);
    }
  });

  it('gives a share link only public device fields and positions', () => {
    const frame = shareFrameSchema.parse(read(frameText({ devices: [device] })));
    expect(frame).toEqual({
      devices: [
        { id: 3, name: 'Van', status: 'online', lastUpdate: null, positionId: null, category: null, model: null },
      ],
    });
    expect(shareFrameSchema.parse({ positions: [position] })).toEqual({ positions: [position] });
    expect(shareFrameSchema.safeParse({ events: [event] }).success).toBe(false);
  });
});
