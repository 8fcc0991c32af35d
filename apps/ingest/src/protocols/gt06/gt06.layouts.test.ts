import { describe, expect, it } from 'vitest';
import { crc16X25 } from '../../codec/crc16';
import { testSession } from '../../testing/traccar-vectors';
import type { SessionView } from '../protocol.types';
import { decodeGt06 } from './gt06.decoder';

/**
 * Frames written from the Concox GT06/GT06N/JM-VL communication protocol layouts (start 7878/7979, length,
 * protocol number, content, serial, CRC-ITU, 0D0A), not from captures.
 */
function frame(type: number, content: Buffer, serial = 0x0021, extended = false): Buffer {
  const length = 1 + content.length + 2 + 2;
  const head = extended ? Buffer.of(0x79, 0x79, length >> 8, length & 0xff) : Buffer.of(0x78, 0x78, length);
  const body = Buffer.concat([head, Buffer.of(type), content, Buffer.of(serial >> 8, serial & 0xff)]);
  const crc = crc16X25(body.subarray(2));
  return Buffer.concat([body, Buffer.of(crc >> 8, crc & 0xff, 0x0d, 0x0a)]);
}

const u16 = (v: number) => Buffer.of(v >> 8, v & 0xff);
const u32 = (v: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(v);
  return b;
};

/** Date, GPS length/satellites, coordinates (minutes × 30000), speed (km/h), course and flags (fixed, north, west). */
function gps(): Buffer {
  const flags = 0x1000 | 0x0400 | 0x0800 | 211; // positioned, north, west, course 211
  return Buffer.concat([
    Buffer.of(26, 8, 22, 9, 30, 15),
    Buffer.of(0xc9), // 12 bytes of GPS data, 9 satellites
    u32(Math.round((22 * 60 + 32.5316) * 30000)),
    u32(Math.round((114 * 60 + 3.4712) * 30000)),
    Buffer.of(61),
    u16(flags),
  ]);
}

/** MCC 460, MNC 0, LAC 0x27BA, cell 0x00FC37 (2G widths). */
const lbs = () => Buffer.concat([u16(460), Buffer.of(0), u16(0x27ba), Buffer.of(0x00, 0xfc, 0x37)]);

const session: SessionView = testSession({ protocol: 'gt06', uniqueId: '868120300001234' });
const decode = (bytes: Buffer, view: SessionView = session) => decodeGt06(bytes, view);
const ackType = (ack: unknown) => (Buffer.isBuffer(ack) ? ack[3] : undefined);

function expectFix(position: ReturnType<typeof decode>['messages'][number] | undefined) {
  expect(position).toMatchObject({ fixTime: '2026-08-22T09:30:15.000Z', valid: true, course: 211 });
  expect(position?.latitude).toBeCloseTo(22 + 32.5316 / 60, 5);
  expect(position?.longitude).toBeCloseTo(-(114 + 3.4712 / 60), 5);
  expect(position?.speed).toBeCloseTo(61 / 1.852, 3);
}

describe('gt06 decoder: documented layouts', () => {
  it('logs in with the BCD IMEI and answers with the serial', () => {
    const result = decode(frame(0x01, Buffer.from('0868120300001234', 'hex'), 1), testSession({ protocol: 'gt06' }));
    expect(result.uniqueId).toBe('868120300001234');
    expect(result.ack?.toString('hex')).toMatch(/^787805010001/);
  });

  it('0x12: GPS and cell, acknowledged with its type', () => {
    const result = decode(frame(0x12, Buffer.concat([gps(), lbs()])));
    expectFix(result.messages[0]);
    expect(result.messages[0]?.attributes.sat).toBe(9);
    expect(result.messages[0]?.network?.cellTowers?.[0]).toMatchObject({
      mobileCountryCode: 460,
      locationAreaCode: 0x27ba,
      cellId: 0xfc37,
    });
    expect(ackType(result.ack)).toBe(0x12);
  });

  it('0x22: GPS, cell, ACC, upload mode, re-upload flag and mileage', () => {
    const content = Buffer.concat([gps(), lbs(), Buffer.of(1, 0, 1), u32(123456)]);
    const [position] = decode(frame(0x22, content)).messages;
    expectFix(position);
    expect(position?.attributes).toMatchObject({ ignition: true, archive: true, odometer: 123456 });
  });

  it('0x16 / 0x26: alarm with status (terminal info, voltage level, GSM signal, alarm, language)', () => {
    for (const type of [0x16, 0x26]) {
      const status = Buffer.of(0b0100_0110, 4, 3, 0x01, 0x02); // GPS tracking on, charging, ACC; SOS
      const content = Buffer.concat([gps(), Buffer.of(8), lbs(), status]);
      const result = decode(frame(type, content));
      const [position] = result.messages;
      expectFix(position);
      expect(position?.attributes).toMatchObject({ alarm: 'sos', batteryLevel: 66, rssi: 3, charge: true });
      expect(ackType(result.ack)).toBe(type);
    }
  });

  it('0x13: heartbeat status without a position of its own', () => {
    const result = decode(frame(0x13, Buffer.of(0b0000_0010, 6, 4, 0x00, 0x02)));
    expect(result.messages[0]?.outdated).toBe(true);
    expect(result.messages[0]?.attributes).toMatchObject({ ignition: true, batteryLevel: 100, rssi: 4 });
    expect(ackType(result.ack)).toBe(0x13);
  });

  it('0xA0: 4G location with four-byte LAC and eight-byte cell id', () => {
    const cell = Buffer.concat([u16(262), Buffer.of(2), u32(0x0000a1b2), Buffer.from('000000000e3c1d05', 'hex')]);
    const content = Buffer.concat([gps(), cell, Buffer.of(0, 2, 0), u32(5000)]);
    const [position] = decode(frame(0xa0, content)).messages;
    expectFix(position);
    expect(position?.network?.cellTowers?.[0]).toMatchObject({
      mobileCountryCode: 262,
      mobileNetworkCode: 2,
      locationAreaCode: 0xa1b2,
      cellId: 0x0e3c1d05,
    });
    expect(position?.attributes).toMatchObject({ ignition: false, odometer: 5000 });
  });

  it('0x94: information sub-types (external voltage, ICCID)', () => {
    const voltage = decode(frame(0x94, Buffer.concat([Buffer.of(0x00), u16(1274)]), 3, true)).messages[0];
    expect(voltage?.attributes.adc1).toBe(12.74);
    const ids = Buffer.concat([
      Buffer.of(0x0a),
      Buffer.from('0868120300001234', 'hex'),
      Buffer.from('0460001234567890', 'hex'),
      Buffer.from('8986001234567890123f', 'hex'),
    ]);
    const iccid = decode(frame(0x94, ids, 4, true)).messages[0];
    expect(iccid?.attributes.iccid).toBe('8986001234567890123');
  });

  it('0x8A: answers a time request with the UTC time', () => {
    const view = { ...session, receivedAt: new Date('2026-08-22T09:30:15Z') };
    const result = decode(frame(0x8a, Buffer.alloc(0)), view);
    expect(result.messages).toEqual([]);
    const ack = result.ack as Buffer;
    expect(ack[3]).toBe(0x8a);
    expect([...ack.subarray(4, 10)]).toEqual([26, 8, 22, 9, 30, 15]);
  });

  it('names model-dependent alarm codes by the device model of the session (LW…, VL…)', () => {
    const lbsStatus = (alarm: number) => frame(0x19, Buffer.concat([lbs(), Buffer.of(0b0000_0100, 5, 4, alarm, 0x02)]));
    const alarmOf = (alarm: number, model?: string) =>
      decode(lbsStatus(alarm), model ? { ...session, state: { model } } : session).messages[0]?.attributes.alarm;
    expect(alarmOf(0x18)).toBe('removing');
    expect(alarmOf(0x18, 'LW4G-4B')).toBe('accident');
    expect(alarmOf(0x19)).toBe('lowBattery');
    expect(alarmOf(0x19, 'LW4G-4B')).toBe('hardAcceleration');
    expect(alarmOf(0x09)).toBe('vibration');
    expect(alarmOf(0x09, 'VL103')).toBe('tow');
  });
});
