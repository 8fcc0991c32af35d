import { describe, expect, it } from 'vitest';
import { positionMessageSchema } from './bus';
import { fastPositionMessageSchema } from './position-check';

const message = {
  protocol: 'teltonika',
  uniqueId: '352099001234567',
  deviceTime: '2026-01-01T00:00:00.000Z',
  fixTime: '2026-01-01T00:00:00.000Z',
  outdated: false,
  valid: true,
  latitude: 48.85,
  longitude: 2.35,
  altitude: 35,
  speed: 12.5,
  course: 270,
  accuracy: 0,
  network: {
    radioType: 'gsm',
    considerIp: false,
    cellTowers: [{ mobileCountryCode: 208, mobileNetworkCode: 1, locationAreaCode: 100, cellId: 200 }],
  },
  attributes: { ignition: true, power: 12.4, io1: 'x', none: null },
  serverTime: '2026-01-01T00:00:01.000Z',
  nodeId: 'ingest-1',
};

describe('fastPositionMessageSchema (what bus consumers read positions with)', () => {
  it('gives exactly what zod gives for a valid message read back from JSON', () => {
    const value = JSON.parse(JSON.stringify({ ...message, extra: 'dropped' }));
    const fast = fastPositionMessageSchema.safeParse(value);
    expect(fast.success).toBe(true);
    expect(fast.success && fast.data).toEqual(positionMessageSchema.parse(value));
  });

  it("builds every field of the contract, in the schema's order", () => {
    const fast = fastPositionMessageSchema.safeParse(JSON.parse(JSON.stringify(message)));
    expect(fast.success && Object.keys(fast.data)).toEqual(positionMessageSchema.keyof().options);
  });

  it('refuses what zod refuses', () => {
    for (const bad of [
      { ...message, latitude: 91 },
      { ...message, speed: -1 },
      { ...message, fixTime: 'yesterday' },
      { ...message, uniqueId: '' },
      { ...message, attributes: { nested: { no: 1 } } },
      null,
      'text',
    ]) {
      expect(fastPositionMessageSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
