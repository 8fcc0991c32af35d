import { describe, expect, it } from 'vitest';
import { sessionFor } from '../../testing/protocol.test-kit';
import type { DecodeResult, SessionView } from '../protocol.types';
import { decodeJt808 } from './jt808.decoder';
import { jt808Checksum, jt808Escape } from './jt808-frame';

/** Frames written from the JT/T 808-2013/2019 layouts (header, location block, additional items), not from captures. */
const PHONE_2013 = Buffer.from('013912344329', 'hex');
const PHONE_2019 = Buffer.from('00000000013912344329', 'hex');

function message(
  msgId: number,
  body: Buffer,
  options: { v2019?: boolean; serial?: number; part?: [number, number] } = {},
): Buffer {
  const head: number[] = [msgId >> 8, msgId & 0xff];
  const props = body.length | (options.v2019 ? 0x4000 : 0) | (options.part ? 0x2000 : 0);
  head.push(props >> 8, props & 0xff);
  if (options.v2019) head.push(1);
  const serial = options.serial ?? 7;
  const tail = [serial >> 8, serial & 0xff];
  if (options.part) tail.push(0, options.part[0], 0, options.part[1]);
  const content = Buffer.concat([Buffer.from(head), options.v2019 ? PHONE_2019 : PHONE_2013, Buffer.from(tail), body]);
  return Buffer.concat([
    Buffer.of(0x7e),
    jt808Escape(Buffer.concat([content, Buffer.of(jt808Checksum(content))])),
    Buffer.of(0x7e),
  ]);
}

/** The framer's output: the same bytes unescaped. */
function unescaped(frame: Buffer): Buffer {
  return Buffer.from(frame.toString('hex').replace(/7d02/g, '7e').replace(/7d01/g, '7d'), 'hex');
}

const u16 = (v: number) => Buffer.of(v >> 8, v & 0xff);
const u32 = (v: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(v >>> 0);
  return b;
};
const item = (id: number, value: Buffer) => Buffer.concat([Buffer.of(id, value.length), value]);

/** Alarm, status (ACC on, fixed, south), 1e-6° coordinates, altitude, 0.1 km/h speed, course, BCD time (GMT+8). */
function location(items: Buffer[] = [], alarm = 0): Buffer {
  return Buffer.concat([
    u32(alarm),
    u32(0b0111),
    u32(22_543_210),
    u32(114_057_890),
    u16(35),
    u16(605),
    u16(270),
    Buffer.from('260822093015', 'hex'),
    ...items,
  ]);
}

const session = sessionFor('jt808', { receivedAt: new Date('2026-08-22T01:31:00Z') });
const decode = (frame: Buffer, view: SessionView = session): DecodeResult => decodeJt808(unescaped(frame), view);
const ackId = (result: DecodeResult) => (Buffer.isBuffer(result.ack) ? result.ack.readUInt16BE(1) : undefined);

describe('jt808 decoder: documented layouts', () => {
  it('reads the location block and the standard additional items', () => {
    const result = decode(
      message(
        0x0200,
        location(
          [
            item(0x01, u32(12_345)), // odometer 0.1 km
            item(0x02, u16(523)), // fuel 0.1 l
            item(0x03, u16(612)), // tachograph speed 0.1 km/h
            item(0x04, u16(9)), // event awaiting confirmation
            item(0x12, Buffer.concat([Buffer.of(1), u32(42), Buffer.of(1)])), // left circular area 42
            item(0x25, u32(0x0003)),
            item(0x2a, u16(2)), // I/O status: not an attribute (as in Traccar)
            item(0x2b, Buffer.concat([u16(1234), u16(567)])),
            item(0x30, Buffer.of(23)),
            item(0x31, Buffer.of(11)),
          ],
          0b10, // overspeed
        ),
      ),
    );
    expect(ackId(result)).toBe(0x8001);
    expect(result.uniqueId).toBe('13912344329');
    const [position] = result.messages;
    expect(position).toMatchObject({ fixTime: '2026-08-22T01:30:15.000Z', valid: true, altitude: 35, course: 270 });
    expect(position?.latitude).toBeCloseTo(-22.54321, 6);
    expect(position?.longitude).toBeCloseTo(114.05789, 6);
    expect(position?.speed).toBeCloseTo(60.5 / 1.852, 4);
    expect(position?.attributes).toEqual({
      alarm: 'overspeed',
      ignition: true,
      blocked: false,
      charge: false,
      odometer: 1_234_500,
      fuel: 52.3,
      obdSpeed: 61.2,
      event: 9,
      geofence: 42,
      input: 3,
      adc1: 12.34,
      adc2: 5.67,
      rssi: 23,
      sat: 11,
    });
  });

  it('keeps the position when the last item is cut short', () => {
    const body = location([item(0x30, Buffer.of(20)), Buffer.of(0x01, 0x04, 0x00)]);
    const [position] = decode(message(0x0200, body)).messages;
    expect(position?.attributes.rssi).toBe(20);
    expect(position?.valid).toBe(true);
  });

  it('reads the 2019 header (version, 10-byte phone) and answers with the same header', () => {
    const result = decode(message(0x0200, location([item(0x06, u16(0xfff6))]), { v2019: true }));
    expect(result.uniqueId).toBe('13912344329');
    expect(result.state).toMatchObject({ phone: '00000000013912344329', version: 1 });
    expect(result.messages[0]?.attributes.temp1).toBe(-10);
    const ack = result.ack as Buffer;
    expect(ack.readUInt16BE(3) & 0x4000).toBe(0x4000);
    expect(ack.subarray(6, 16).toString('hex')).toBe('00000000013912344329');
  });

  it('answers the 0x0201 position query reply and the 0x0500 vehicle control reply with their positions', () => {
    for (const msgId of [0x0201, 0x0500]) {
      const result = decode(message(msgId, Buffer.concat([u16(3), location()])));
      expect(result.messages).toHaveLength(1);
      expect(result.messages[0]?.latitude).toBeCloseTo(-22.54321, 6);
      expect(ackId(result)).toBe(0x8001);
    }
  });

  it('decodes every record of a 0x0704 batch, stored ones flagged as archive', () => {
    const records = [location(), location([item(0x30, Buffer.of(9))])];
    const body = Buffer.concat([u16(records.length), Buffer.of(1), ...records.flatMap((r) => [u16(r.length), r])]);
    const result = decode(message(0x0704, body));
    expect(result.messages).toHaveLength(2);
    expect(result.messages.map((p) => p.attributes.archive)).toEqual([true, true]);
    expect(result.messages[1]?.attributes.rssi).toBe(9);
  });

  it('reassembles a sub-packaged message, acknowledging each part', () => {
    const records = [location(), location(), location([item(0x31, Buffer.of(6))])];
    const body = Buffer.concat([u16(3), Buffer.of(0), ...records.flatMap((r) => [u16(r.length), r])]);
    const first = decode(message(0x0704, body.subarray(0, 40), { part: [2, 1], serial: 10 }));
    expect(first.messages).toEqual([]);
    expect(ackId(first)).toBe(0x8001);
    const view = { ...session, state: first.state ?? {} };
    const second = decode(message(0x0704, body.subarray(40), { part: [2, 2], serial: 11 }), view);
    expect(second.messages).toHaveLength(3);
    expect(second.messages[2]?.attributes.sat).toBe(6);
    expect(second.state?.parts).toBeUndefined();

    // the second part alone (its first part lost) gives nothing, and keeps nothing
    const orphan = decode(message(0x0704, body.subarray(40), { part: [2, 2] }));
    expect(orphan.messages).toEqual([]);
    expect(orphan.state?.parts).toBeUndefined();
  });

  it('takes the position of a photo upload (0x0801) and answers 0x8800 with its id, in one part or many', () => {
    const head = Buffer.concat([u32(0x01020304), Buffer.of(0, 0, 2, 1)]); // image, JPEG, robbery alarm, channel 1
    const jpeg = Buffer.concat([Buffer.of(0xff, 0xd8, 0xff, 0xe0), Buffer.alloc(60, 0x11)]);
    const whole = decode(message(0x0801, Buffer.concat([head, location(), jpeg])));
    expect(whole.messages).toHaveLength(1);
    expect(whole.messages[0]).toMatchObject({ latitude: -22.54321, longitude: 114.05789, altitude: 35 });
    expect(ackId(whole)).toBe(0x8800);
    const ack = unescaped(whole.ack as Buffer);
    expect(ack.subarray(13, 18).toString('hex')).toBe('0102030400'); // the id, no part to send again

    // a 2011 terminal's upload: the file right after the head, no location
    const old = decode(message(0x0801, Buffer.concat([head, jpeg])));
    expect(old.messages).toEqual([]);
    expect(ackId(old)).toBe(0x8800);

    // three parts: the position from the first, the general response to each, 0x8800 after the last
    const body = Buffer.concat([head, location(), jpeg, jpeg]);
    const parts = [body.subarray(0, 50), body.subarray(50, 100), body.subarray(100)];
    let view = session;
    const results = parts.map((part, i) => {
      const result = decode(message(0x0801, part, { part: [3, i + 1], serial: 20 + i }), view);
      view = { ...view, state: result.state ?? view.state };
      return result;
    });
    expect(results.map((r) => r.messages.length)).toEqual([1, 0, 0]);
    expect(results.map((r) => ackId(r))).toEqual([0x8001, 0x8001, 0x8001]);
    const last = unescaped(results[2]?.ack as Buffer);
    const second = last.subarray(last.indexOf(0x7e, 1) + 1);
    expect(second.readUInt16BE(1)).toBe(0x8800);
    expect(view.state.mediaId).toBeUndefined();
  });

  it('answers logout, heartbeat and authentication with the general response and decodes nothing', () => {
    for (const [msgId, body] of [
      [0x0003, Buffer.alloc(0)],
      [0x0002, Buffer.alloc(0)],
      [0x0102, Buffer.from('code-123', 'latin1')],
    ] as const) {
      const result = decode(message(msgId, body));
      expect(result.messages).toEqual([]);
      const ack = result.ack as Buffer;
      expect(ack.readUInt16BE(1)).toBe(0x8001);
      expect(ack.readUInt16BE(15)).toBe(msgId); // body: serial, message id, result
    }
  });

  it('decodes the 0x0107 attributes reply to model, ICCID and versions', () => {
    const fixed = (text: string, size: number) => Buffer.concat([Buffer.from(text), Buffer.alloc(size - text.length)]);
    const body = Buffer.concat([
      u16(0x0001),
      fixed('70111', 5),
      fixed('JT701D', 20),
      fixed('1234567', 7),
      Buffer.from('89860012345678901234', 'hex'),
      Buffer.of(4),
      Buffer.from('V1.2'),
      Buffer.of(6),
      Buffer.from('FW3.04'),
      Buffer.of(3, 1),
    ]);
    const [position] = decode(message(0x0107, body)).messages;
    expect(position?.valid).toBe(false);
    expect(position?.attributes).toEqual({
      deviceType: 'JT701D',
      iccid: '89860012345678901234',
      versionHw: 'V1.2',
      versionFw: 'FW3.04',
    });
  });

  it('reads the driver id of a 0x0900 transparent GTSL text', () => {
    const body = Buffer.concat([Buffer.of(0x41), Buffer.from('GTSL|1|0|2|12345678|')]);
    const [position] = decode(message(0x0900, body)).messages;
    expect(position?.attributes.driverUniqueId).toBe('12345678');
  });
});
