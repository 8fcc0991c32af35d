import { type Device, deviceSchema, type Position } from '@waymark/contracts/device';

// The map's test data: devices and positions made from an id (fleets of any size).

/** A device as GET /api/devices answers it (every detail field null), for tests. */
export function aDevice(overrides: Partial<Device> & Pick<Device, 'id'>): Device {
  const nulls = Object.fromEntries(Object.keys(deviceSchema.shape).map((key) => [key, null]));
  return {
    ...nulls,
    name: `Device ${overrides.id}`,
    uniqueId: `imei-${overrides.id}`,
    status: 'online',
    disabled: false,
    category: 'car',
    lastUpdate: '2025-06-15T13:45:12.000Z',
    attributes: {},
    ...overrides,
  } as Device;
}

/** A position as GET /api/positions answers it, for tests. */
export function aPosition(overrides: Partial<Position> & Pick<Position, 'deviceId'>): Position {
  return {
    id: overrides.deviceId * 10,
    protocol: 'osmand',
    serverTime: '2025-06-15T13:45:12.000Z',
    deviceTime: '2025-06-15T13:45:12.000Z',
    fixTime: '2025-06-15T13:45:12.000Z',
    outdated: false,
    valid: true,
    latitude: 0,
    longitude: 0,
    altitude: 0,
    speed: 0,
    course: 0,
    address: null,
    accuracy: 0,
    network: null,
    geofenceIds: [],
    attributes: {},
    ...overrides,
  };
}
