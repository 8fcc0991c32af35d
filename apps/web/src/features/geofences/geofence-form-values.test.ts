import { describe, expect, it } from 'vitest';
import { emptyGeofenceValues, toGeofenceInput, validateGeofence, valuesOf } from './geofence-form-values';

describe('geofence form values', () => {
  it('requires a name and a readable area', () => {
    expect(validateGeofence(emptyGeofenceValues)).toEqual({ name: 'nameRequired', area: 'areaRequired' });
    expect(validateGeofence({ ...emptyGeofenceValues, name: 'Depot', area: 'CIRCLE (1 2)' })).toEqual({
      area: 'areaInvalid',
    });
    expect(validateGeofence({ ...emptyGeofenceValues, name: 'x'.repeat(129), area: 'CIRCLE (1 2, 3)' })).toEqual({
      name: 'nameTooLong',
    });
  });

  it('checks the corridor width of a line', () => {
    const line = { ...emptyGeofenceValues, name: 'Road', area: 'LINESTRING (1 2, 3 4)', polylineDistance: -5 };
    expect(validateGeofence(line)).toEqual({ polylineDistance: 'distanceInvalid' });
  });

  it('builds the body, keeping unknown attributes and the corridor only for lines', () => {
    const existing = {
      id: 3,
      name: 'Old',
      description: null,
      area: 'CIRCLE (1 2, 3)',
      calendarId: 9,
      tenantId: 1,
      attributes: { speedLimit: 30, polylineDistance: 40, color: '#ff0000' },
    };
    const values = { ...valuesOf(existing), name: ' Depot ', fillColor: '#00ff00', alertOnExit: false };
    expect(toGeofenceInput(values, existing)).toEqual({
      name: 'Depot',
      description: null,
      area: 'CIRCLE (1 2, 3)',
      calendarId: 9,
      attributes: { speedLimit: 30, color: '#ff0000', fillColor: '#00ff00', alertOnEntry: true, alertOnExit: false },
    });
    const line = toGeofenceInput({ ...values, area: 'LINESTRING (1 2, 3 4)', polylineDistance: 60 });
    expect(line.attributes?.polylineDistance).toBe(60);
  });
});
