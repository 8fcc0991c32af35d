import { describe, expect, it } from 'vitest';
import type { DecodedPosition, StreamProtocol } from '../protocols/protocol.types';
import { protocolRegistry } from '../protocols/registry';
import { testSession } from '../testing/traccar-vectors';
import { crc16Ibm, crcItu } from './device-crc';
import { gt06Alarm, gt06Heartbeat, gt06Location, gt06Login, nextGt06Frame } from './gt06-frames';
import { osmandPath } from './osmand-request';
import { teltonikaAvlPacket, teltonikaHandshake, teltonikaRecord } from './teltonika-frames';
import type { VehicleReport } from './vehicle';

const report: VehicleReport = {
  time: new Date('2026-03-04T05:06:07.000Z'),
  latitude: -33.868812,
  longitude: 151.209296,
  altitude: 42,
  speedKph: 57,
  course: 271,
  ignition: true,
  moving: true,
  batteryLevel: 84,
  power: 13.8,
  odometer: 123456,
  fuel: 41.5,
  satellites: 9,
  alarm: null,
};
const west = { ...report, latitude: 48.858093, longitude: -2.294694, ignition: false, moving: false, speedKph: 0 };
const IMEI = '356307042441013';
const KPH = 1 / 1.852;

function streamProtocol(name: string): StreamProtocol | undefined {
  const p = protocolRegistry.get(name);
  return p?.kind === 'stream' ? p : undefined;
}

describe('device CRCs (check values of the CRC catalogue)', () => {
  it('CRC-16/X-25 and CRC-16/ARC of "123456789"', () => {
    expect(crcItu(Buffer.from('123456789'))).toBe(0x906e);
    expect(crc16Ibm(Buffer.from('123456789'))).toBe(0xbb3d);
  });
});

describe('osmand requests, decoded by the osmand decoder', () => {
  const osmand = protocolRegistry.get('osmand');
  it('carry id, location, time, speed (knots), bearing, altitude, battery, ignition and an alarm', () => {
    if (osmand?.kind !== 'http') throw new Error('osmand is an HTTP protocol');
    const frame = (r: VehicleReport) => ({
      method: 'GET',
      url: osmandPath(IMEI, r),
      headers: {},
      body: Buffer.alloc(0),
    });
    const result = osmand.decoder(frame({ ...report, alarm: 'sos' }), testSession({ transport: 'http' }));
    expect(result.uniqueId).toBe(IMEI);
    const p = result.messages[0] as DecodedPosition;
    expect(p).toMatchObject({ fixTime: '2026-03-04T05:06:07.000Z', valid: true, course: 271, altitude: 42 });
    expect(p.latitude).toBeCloseTo(report.latitude, 6);
    expect(p.longitude).toBeCloseTo(report.longitude, 6);
    expect(p.speed).toBeCloseTo(57 * KPH, 2);
    expect(p.attributes).toMatchObject({
      batteryLevel: 84,
      ignition: true,
      motion: true,
      alarm: 'sos',
      odometer: 123456,
    });
    const person = osmand.decoder(frame({ ...west, ignition: null }), testSession({ transport: 'http' }));
    expect(person.messages[0]?.attributes).not.toHaveProperty('ignition');
    expect(person.messages[0]?.longitude).toBeCloseTo(-2.294694, 6);
  });
});

const gt06 = streamProtocol('gt06');
const notYet = (name: string, p: unknown) => (p ? '' : ` (skipped: ${name} is not in the registry yet)`);

describe.skipIf(!gt06)(`gt06 frames, decoded by the registered gt06 decoder${notYet('gt06', gt06)}`, () => {
  const decode = (frame: Buffer, uniqueId: string | null = IMEI) => {
    const framer = gt06!.framer?.();
    if (framer) expect(framer.push(frame)).toEqual([frame]); // whole, one frame
    return gt06!.decoder(frame, testSession({ protocol: 'gt06', uniqueId }));
  };

  it('login: the IMEI in BCD, acknowledged with type 0x01 and the serial', () => {
    const result = decode(gt06Login(IMEI, 1), null);
    expect(result.uniqueId).toBe(IMEI);
    const ack = result.ack as Buffer;
    expect(ack.subarray(0, 6).toString('hex')).toBe('787805010001');
    expect(nextGt06Frame(Buffer.concat([Buffer.from([0]), ack]))).toEqual({ frame: ack, end: ack.length + 1 });
  });

  it('location 0x22: time, position in every hemisphere, speed, course, satellites, ignition; acknowledged', () => {
    const result = decode(gt06Location(report, 2));
    const p = result.messages[0] as DecodedPosition;
    expect(p).toMatchObject({ fixTime: '2026-03-04T05:06:07.000Z', valid: true, course: 271, outdated: false });
    expect(p.latitude).toBeCloseTo(report.latitude, 5);
    expect(p.longitude).toBeCloseTo(report.longitude, 5);
    expect(p.speed).toBeCloseTo(57 * KPH, 2);
    expect(p.attributes).toMatchObject({ sat: 9, ignition: true, archive: false });
    expect(p.network?.cellTowers?.[0]).toMatchObject({ mobileCountryCode: 208, mobileNetworkCode: 1 });
    expect((result.ack as Buffer).subarray(0, 6).toString('hex')).toBe('787805220002');

    const w = decode(gt06Location(west, 3)).messages[0] as DecodedPosition;
    expect(w.latitude).toBeCloseTo(48.858093, 5);
    expect(w.longitude).toBeCloseTo(-2.294694, 5);
    expect(w.attributes.ignition).toBe(false);
  });

  it('alarm 0x16: sos, battery level, ignition', () => {
    const result = decode(gt06Alarm({ ...report, alarm: 'sos' }, 'sos', 4));
    const p = result.messages[0] as DecodedPosition;
    expect(p.attributes).toMatchObject({ alarm: 'sos', ignition: true, batteryLevel: 83 });
    expect(p.latitude).toBeCloseTo(report.latitude, 5);
    expect((result.ack as Buffer).subarray(0, 6).toString('hex')).toBe('787805160004');
  });

  it('heartbeat 0x13: ignition and battery level, acknowledged', () => {
    const result = decode(gt06Heartbeat(west, 5));
    expect(result.messages[0]?.attributes).toMatchObject({ ignition: false, batteryLevel: 83 });
    expect((result.ack as Buffer).subarray(0, 6).toString('hex')).toBe('787805130005');
  });
});

const teltonika = streamProtocol('teltonika');
describe.skipIf(!teltonika)(
  `teltonika codec 8, decoded by the registered decoder${notYet('teltonika', teltonika)}`,
  () => {
    it('handshake answered 0x01; AVL packet of two records answered with the count', () => {
      const session = testSession({ protocol: 'teltonika', transport: 'tcp' });
      const login = teltonika!.decoder(teltonikaHandshake(IMEI), session);
      expect(login.uniqueId).toBe(IMEI);
      expect(Buffer.from(login.ack as Buffer).toString('hex')).toBe('01');

      const later = { ...west, time: new Date('2026-03-04T05:06:17.000Z'), alarm: 'sos' as const, ignition: null };
      const packet = teltonikaAvlPacket([teltonikaRecord(report, 239), teltonikaRecord(later)]);
      const framer = teltonika!.framer?.();
      if (framer) expect(framer.push(packet)).toEqual([packet]);
      const result = teltonika!.decoder(
        packet,
        testSession({ protocol: 'teltonika', transport: 'tcp', uniqueId: IMEI }),
      );
      expect((result.ack as Buffer).toString('hex')).toBe('00000002');
      const [a, b] = result.messages as [DecodedPosition, DecodedPosition];
      expect(a).toMatchObject({ fixTime: '2026-03-04T05:06:07.000Z', valid: true, course: 271, altitude: 42 });
      expect(a.latitude).toBeCloseTo(report.latitude, 6);
      expect(a.longitude).toBeCloseTo(report.longitude, 6);
      expect(a.speed).toBeCloseTo(57 * KPH, 2);
      expect(a.attributes).toMatchObject({ ignition: true, motion: true, power: 13.8, sat: 9, odometer: 123456 });
      expect(b.latitude).toBeCloseTo(48.858093, 6);
      expect(b.longitude).toBeCloseTo(-2.294694, 6);
      expect(b.attributes).toMatchObject({ motion: false, alarm: 'general' });
      expect(b.attributes).not.toHaveProperty('ignition');
    });
  },
);
