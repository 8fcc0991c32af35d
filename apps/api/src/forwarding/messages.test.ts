import type { Position as PositionRow } from '@waymark/db/client';
import { describe, expect, it } from 'vitest';
import { presentPosition } from '../modules/positions/positions.presenter';
import { positionJson } from './messages';

const row: PositionRow = {
  id: 9_007_199_254n,
  deviceId: 42,
  tenantId: 3,
  protocol: 'teltonika',
  serverTime: new Date('2026-11-27T10:00:01.250Z'),
  deviceTime: new Date('2026-11-27T10:00:00.000Z'),
  fixTime: new Date('2026-11-27T09:59:59.500Z'),
  valid: true,
  latitude: 37.98381,
  longitude: 23.727539,
  altitude: 112.5,
  speed: 31.4,
  course: 271,
  address: 'Odos "Ermou" 5, Athens',
  accuracy: 4.2,
  network: { radioType: 'gsm', cellTowers: [{ cellId: 1, locationAreaCode: 2, mobileCountryCode: 202 }] },
  geofenceIds: [7, 9],
  attributes: { ignition: true, odometer: 1234567, io240: '1', text: 'quote " and \\ and ü' },
};

describe('forwarded position JSON', () => {
  it('is the served position, its stored json columns passed on as stored', () => {
    const stored = { ...row, network: JSON.stringify(row.network), attributes: JSON.stringify(row.attributes) };
    expect(JSON.parse(positionJson(stored))).toEqual(JSON.parse(JSON.stringify(presentPosition(row))));
  });

  it('answers null network and empty attributes for SQL nulls, and keeps PostgreSQL spacing valid', () => {
    const bare = { ...row, address: null, network: null, attributes: null };
    const parsed = JSON.parse(positionJson(bare));
    expect(parsed.network).toBeNull();
    expect(parsed.attributes).toEqual({});
    expect(parsed.address).toBeNull();
    expect(
      JSON.parse(positionJson({ ...row, network: 'null', attributes: '{"a": 1, "b": [1, 2]}' })).attributes,
    ).toEqual({
      a: 1,
      b: [1, 2],
    });
  });
});
