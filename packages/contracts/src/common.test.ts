import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { numeric, refOrNoneSchema, refSchema } from './common';
import { deviceInputSchema } from './device';
import { permissionLinkSchema } from './permission';

describe('numeric text in JSON bodies', () => {
  it('reads finite numeric text as its number, then checks it like a number', () => {
    const n = numeric(z.number().min(0));
    for (const [text, value] of [
      ['1000', 1000],
      ['+7', 7],
      ['2.5', 2.5],
      ['.5', 0.5],
      ['1e3', 1000],
      ['0', 0],
    ] as const) {
      expect(n.parse(text)).toBe(value);
    }
    expect(n.parse(12)).toBe(12);
    expect(n.safeParse('-1').success).toBe(false);
    expect(refSchema.parse('23')).toBe(23);
    expect(refSchema.safeParse('0').success).toBe(false);
    expect(refSchema.safeParse('1.5').success).toBe(false);
  });

  it('refuses what z.coerce would turn into a number: empty text, blanks, booleans, null, hex, infinities', () => {
    for (const value of ['', ' ', ' 1', '1 ', '0x10', '1,5', 'Infinity', '1e999', 'NaN', null, true, [1], {}]) {
      expect(numeric(z.number()).safeParse(value).success, JSON.stringify(value)).toBe(false);
    }
  });

  it('applies to the ids of permission links and the references of device bodies', () => {
    expect(permissionLinkSchema.parse({ deviceId: '23', geofenceId: 4 })).toEqual({ deviceId: 23, geofenceId: 4 });
    const device = deviceInputSchema.parse({ name: 'Van', uniqueId: '1', groupId: '7', fuelTankVolume: '60' });
    expect(device).toMatchObject({ groupId: 7, fuelTankVolume: 60 });
  });

  it("reads Traccar's 0 for no reference as null", () => {
    expect(refOrNoneSchema.parse(0)).toBeNull();
    expect(refOrNoneSchema.parse('0')).toBeNull();
    expect(refOrNoneSchema.parse(12)).toBe(12);
    expect(refOrNoneSchema.safeParse(-1).success).toBe(false);
    expect(deviceInputSchema.parse({ name: 'Van', uniqueId: '1', groupId: 0, calendarId: '0' })).toMatchObject({
      groupId: null,
      calendarId: null,
    });
  });
});
