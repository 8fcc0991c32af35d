import { describe, expect, it } from 'vitest';
import { aDevice } from '../../test/devices-fixtures';
import { tabOfField, toDeviceInput, toFormValues, validateDevice } from './device-form-values';

describe('device form values', () => {
  it('round-trips a device: dates, kilometres and the fields the form does not show', () => {
    const device = aDevice({
      groupId: 9,
      attributes: { speedLimit: 50 },
      frontTireDistance: 12_500,
      motExpiryDate: '2027-03-01T00:00:00.000Z',
      plateNumber: 'ABC-1234',
    });
    const values = toFormValues(device);
    expect(values.frontTireDistance).toBe(12.5);
    expect(values.motExpiryDate).toBe('2027-03-01');
    const input = toDeviceInput(values, device);
    expect(input).toMatchObject({
      name: 'Van 1',
      groupId: 9,
      tenantId: 4,
      attributes: { speedLimit: 50 },
      frontTireDistance: 12_500,
      motExpiryDate: '2027-03-01T00:00:00.000Z',
      plateNumber: 'ABC-1234',
      vin: null,
      category: 'van',
    });
  });

  it('validates with the contract schema and names the tab holding the error', () => {
    const values = { ...toFormValues(null), name: '', uniqueId: 'bad id!', fuelTankVolume: -1 };
    const result = validateDevice(values);
    expect(result).toEqual({
      ok: false,
      errors: {
        name: 'editor.errors.required',
        uniqueId: 'editor.errors.uniqueIdFormat',
        fuelTankVolume: 'editor.errors.notNegative',
      },
    });
    expect(tabOfField('fuelTankVolume')).toBe('fuelTank');
    expect(tabOfField('name')).toBe('general');
  });

  it('accepts a new device with a name and an identifier', () => {
    const result = validateDevice({ ...toFormValues(null), name: 'Truck', uniqueId: '123456' });
    expect(result.ok && result.input).toMatchObject({ name: 'Truck', uniqueId: '123456', category: 'default' });
  });
});
