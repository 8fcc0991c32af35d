import { describe, expect, it } from 'vitest';
import { alertFacts } from './alert-facts';

const event = {
  id: 5,
  type: 'alarm',
  eventTime: '2026-11-18T10:00:00.000Z',
  deviceId: 3,
  positionId: 9,
  geofenceId: 4,
  maintenanceId: 0,
  attributes: { alarm: 'sos' },
};
const position = {
  id: 9,
  deviceId: 3,
  protocol: 'osmand',
  serverTime: '2026-11-18T10:00:01.000Z',
  deviceTime: '2026-11-18T10:00:00.000Z',
  fixTime: '2026-11-18T10:00:00.000Z',
  outdated: false,
  valid: true,
  latitude: 48.5,
  longitude: 2.25,
  altitude: 0,
  speed: 10,
  course: 0,
  address: '1 Main Street',
  accuracy: 5,
  network: null,
  geofenceIds: [],
  attributes: {},
};

describe('alertFacts', () => {
  it('lists the event, device, geofence, alarm and position in the user units', () => {
    const facts = alertFacts({
      event,
      typeLabel: 'Alarm',
      deviceName: 'Van',
      geofenceName: 'Depot',
      position,
      speedUnit: 'kmh',
      coordinateFormat: 'dd',
      formatTime: (iso) => `at ${iso}`,
    });
    expect(facts.map((f) => f.key)).toEqual([
      'type',
      'time',
      'device',
      'geofence',
      'alarm',
      'coordinates',
      'speed',
      'address',
      'fixTime',
    ]);
    expect(facts.find((f) => f.key === 'speed')?.value).toMatch(/18\.5.*km\/h/);
    expect(facts.find((f) => f.key === 'device')?.value).toBe('Van');
  });

  it('names unknown devices by id and leaves out what is missing', () => {
    const facts = alertFacts({
      event: { ...event, geofenceId: 0, attributes: {} },
      typeLabel: 'Alarm',
      deviceName: undefined,
      geofenceName: undefined,
      position: null,
      speedUnit: 'kn',
      coordinateFormat: 'dd',
      formatTime: (iso) => iso,
    });
    expect(facts).toEqual([
      { key: 'type', value: 'Alarm' },
      { key: 'time', value: '2026-11-18T10:00:00.000Z' },
      { key: 'device', value: '#3' },
    ]);
  });
});
