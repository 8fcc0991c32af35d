import { type Device, deviceSchema, type Position } from '@waymark/contracts/device';
import type { Event } from '@waymark/contracts/event';

// The alerts feature's test data: a geofence entry in Paris, its device and its position.

/** Test data shaped as the API sends it. */
export function aDevice(overrides: Partial<Device> = {}): Device {
  const details = Object.fromEntries(Object.keys(deviceSchema.shape).map((key) => [key, null]));
  return {
    ...(details as unknown as Device),
    id: 1,
    name: 'Device',
    uniqueId: 'abc',
    status: 'online',
    disabled: false,
    attributes: {},
    ...overrides,
  };
}

export function anEvent(overrides: Partial<Event> = {}): Event {
  return {
    id: 11,
    type: 'geofenceEnter',
    eventTime: '2026-11-18T10:00:00.000Z',
    deviceId: 3,
    positionId: 21,
    geofenceId: 4,
    maintenanceId: 0,
    attributes: {},
    ...overrides,
  };
}

export function aPosition(overrides: Partial<Position> = {}): Position {
  return {
    id: 21,
    deviceId: 3,
    protocol: 'osmand',
    serverTime: '2026-11-18T10:00:01.000Z',
    deviceTime: '2026-11-18T10:00:00.000Z',
    fixTime: '2026-11-18T10:00:00.000Z',
    outdated: false,
    valid: true,
    latitude: 48.8566,
    longitude: 2.3522,
    altitude: 35,
    speed: 10,
    course: 90,
    address: null,
    accuracy: 5,
    network: null,
    geofenceIds: [4],
    attributes: {},
    ...overrides,
  };
}
