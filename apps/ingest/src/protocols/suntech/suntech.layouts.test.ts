import { describe, expect, it } from 'vitest';
import { testSession } from '../../testing/traccar-vectors';
import type { SessionView } from '../protocol.types';
import { decodeSuntech } from './suntech.decoder';

/**
 * Reports written from the layouts of Suntech's "Messages to Back-End Server" (universal, masked fields) and the
 * ST300/ST600 operation manuals (legacy, fixed fields), not from captures.
 */
const session = testSession({ protocol: 'suntech' });
const decode = (fields: (string | number)[], view: SessionView = session) =>
  decodeSuntech(Buffer.from(`${fields.join(';')}\r`, 'latin1'), view);

/** Universal fields by report-map bit (0–17): model … outputs; the type's own fields and the assign map follow. */
const UNIVERSAL_COMMON: Record<number, string> = {
  0: '94',
  1: '1.0.12',
  2: '1',
  3: '20260822',
  4: '09:30:15',
  5: '0000A1B2',
  6: '724',
  7: '5',
  8: '1F40',
  9: '28',
  10: '-23.550520',
  11: '-46.633308',
  12: '72.50',
  13: '181.25',
  14: '11',
  15: '1',
  16: '00000101',
  17: '00000010',
};

function universal(type: string, id: string, bits: number[], extra: (string | number)[] = []): (string | number)[] {
  const mask = bits.reduce((m, b) => m | (1 << b), 0);
  const values = bits.filter((b) => b <= 17).map((b) => UNIVERSAL_COMMON[b] as string);
  return [type, id, mask.toString(16).toUpperCase().padStart(6, '0'), ...values, ...extra];
}

const ALL_COMMON = Array.from({ length: 18 }, (_, i) => i);

describe('suntech decoder: documented layouts', () => {
  it('reads a universal STT with every common field, its mode, reason and message number', () => {
    const result = decode(universal('STT', '0940001234', [...ALL_COMMON, 18, 19, 20], [2, 1, 345]));
    expect(result.uniqueId).toBe('0940001234');
    const [position] = result.messages;
    expect(position).toMatchObject({ fixTime: '2026-08-22T09:30:15.000Z', valid: true, course: 181.25 });
    expect(position?.latitude).toBeCloseTo(-23.55052, 6);
    expect(position?.speed).toBeCloseTo(72.5 / 1.852, 3);
    expect(position?.network?.cellTowers?.[0]).toMatchObject({
      mobileCountryCode: 724,
      mobileNetworkCode: 5,
      locationAreaCode: 0x1f40,
      cellId: 0xa1b2,
    });
    expect(position?.attributes).toMatchObject({
      type: 'STT',
      versionFw: '1.0.12',
      rssi: 28,
      sat: 11,
      ignition: true,
      input: 101,
      output: 10,
      mode: 2,
      reason: 1,
      index: 345,
    });
  });

  it('follows the report map when fields are left out (no cell, no outputs), archive when stored', () => {
    const bits = [1, 2, 3, 4, 10, 11, 12, 13, 14, 15, 16];
    const fields = universal('STT', '0940001234', bits);
    fields[4] = '0'; // message type 0: stored
    const [position] = decode(fields).messages;
    expect(position?.network).toBeFalsy();
    expect(position?.attributes).toMatchObject({ archive: true, sat: 11 });
    expect(position?.longitude).toBeCloseTo(-46.633308, 6);
  });

  it('names universal alerts by id, EMG as sos, EVT by its event', () => {
    const alert = (id: number) =>
      decode(universal('ALT', '0940001234', [...ALL_COMMON, 18, 19, 20], [id, '', ''])).messages[0]?.attributes;
    expect(alert(1)?.alarm).toBe('overspeed');
    expect(alert(3)?.alarm).toBe('gpsAntennaCut');
    expect(alert(6)?.alarm).toBe('geofenceEnter');
    expect(alert(16)?.alarm).toBe('accident');
    expect(alert(41)?.alarm).toBe('powerCut');
    expect(alert(99)?.alarm).toBeUndefined();
    const emg = decode(universal('EMG', '0940001234', [...ALL_COMMON, 18], [1])).messages[0];
    expect(emg?.attributes.alarm).toBe('sos');
    const evt = decode(universal('EVT', '0940001234', [...ALL_COMMON, 18], [3])).messages[0];
    expect(evt?.attributes.event).toBe(3);
  });

  it('names the assign-map values ioN by bit', () => {
    const bits = [...ALL_COMMON, 18, 19, 20, 23];
    const [position] = decode(
      universal('STT', '0940001234', bits, [1, 0, 7, '00000015', '12.6', '4.0', '330']),
    ).messages;
    expect(position?.attributes).toMatchObject({ io1: '12.6', io3: '4.0', io5: '330' });
  });

  it('identifies the device from a keep-alive and turns a RES reply into a result', () => {
    expect(decode(['ALV', '0940001234'])).toMatchObject({ messages: [], uniqueId: '0940001234' });
    const reply = decode(['RES', '0940001234', 'PRG', '0', 'OK']);
    expect(reply.uniqueId).toBe('0940001234');
    expect(reply.messages[0]?.attributes).toEqual({ type: 'RES', result: 'PRG;0;OK' });
  });

  /** ST300 legacy STT: id, version, date, time, cell, latitude … I/O, mode, message number [, hbm fields]. */
  const legacy = (extra: string[] = []) => [
    'ST300STT',
    '205027329',
    '04',
    '20260822',
    '09:30:15',
    '0a1b2c',
    '-23.550520',
    '-046.633308',
    '072.500',
    '181.25',
    '11',
    '1',
    '123456',
    '12.61',
    '100001',
    '1',
    '0042',
    ...extra,
  ];

  it('reads a legacy ST300 report and its I/O characters', () => {
    const [position] = decode(legacy()).messages;
    expect(position?.attributes).toMatchObject({
      type: 'STT',
      versionFw: '04',
      odometer: 123456,
      power: 12.61,
      ignition: true,
      in1: false,
      out2: true,
      status: 1,
      index: 42,
    });
  });

  it('reads the hour meter, backup battery, ADC, RPM and temperatures when the device settings say so', () => {
    const tail = ['000120', '4.1', '1', '0.5', '1.5', '2.5', '1800', 'DRV01', '0', '1:21.5', '2:-3.0', '3:4.5'];
    expect(decode(legacy(tail)).messages[0]?.attributes.hours).toBeUndefined();
    const configured = {
      ...session,
      state: { options: { hbm: true, includeAdc: true, includeRpm: true, includeTemp: true } },
    };
    expect(decode(legacy(tail), configured).messages[0]?.attributes).toMatchObject({
      hours: 120 * 60000,
      battery: 4.1,
      adc1: 0.5,
      adc3: 2.5,
      rpm: 1800,
      driverUniqueId: 'DRV01',
      temp1: 21.5,
      temp2: -3,
      temp3: 4.5,
    });
  });
});
