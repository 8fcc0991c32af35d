import { describe, expect, it } from 'vitest';
import { expectFrameCase, fuzzVectors, loadFrameCases, sessionFor } from '../../testing/protocol.test-kit';
import { loadVectors } from '../../testing/traccar-vectors';
import { scoreProtocol } from '../../testing/vector-score';
import { decodeGalileo } from './galileo.decoder';
import { encodeGalileo } from './galileo.encoder';
import { GALILEO_MAX_FRAME, galileoFramer } from './galileo.framer';
import { galileoProtocol } from './galileo.protocol';
import { crc16Modbus } from './galileo-crc';

const session = sessionFor('galileo');
const IMEI = '868204001549087';

/** A packet of `header` around the tag bytes given as hex, with its length and CRC. */
function packet(hex: string, header = 0x01, archive = false): Buffer {
  const body = Buffer.from(hex.replace(/\s+/g, ''), 'hex');
  const head = Buffer.from([header, body.length & 0xff, (body.length >> 8) | (archive ? 0x80 : 0)]);
  const out = Buffer.concat([head, body, Buffer.alloc(2)]);
  out.writeUInt16LE(crc16Modbus(out, 0, out.length - 2), out.length - 2);
  return out;
}
const imeiTag = `03${Buffer.from(IMEI).toString('hex')}`;
const le32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeInt32LE(n);
  return b.toString('hex');
};

describe('galileo decoder: Traccar vectors', () => {
  it('decodes the vectors as Traccar did', () => {
    const score = scoreProtocol(galileoProtocol, loadVectors('galileo'));
    expect(score.mismatches).toEqual([]);
    expect(score.positionRate).toBeGreaterThanOrEqual(0.98);
    expect(score.attributeRate).toBeGreaterThanOrEqual(0.95);
  });
});

describe('galileo decoder', () => {
  it('binds the device on the head packet, keeps its number and acknowledges with the checksum', () => {
    const head = packet(`0182 0213 ${imeiTag} 043200`, 0x01, true);
    const result = decodeGalileo(head, session);
    expect(result.messages).toEqual([]);
    expect(result.uniqueId).toBe(IMEI);
    expect(result.state).toEqual({ deviceId: 50 });
    expect(result.ack).toEqual(Buffer.concat([Buffer.of(0x02), head.subarray(-2)]));
  });

  it('decodes a record: time, a cell-tower fix, motion, power, inputs, sensors, CAN and user data', () => {
    const time = Date.UTC(2025, 2, 1, 12, 0, 0) / 1000;
    const tags = [
      '10 3412',
      `20 ${le32(time)}`,
      `30 27 ${le32(-33_868_820)} ${le32(151_209_296)}`,
      '33 e803 e50d', // 100.0 km/h, 355.7°
    ];
    tags.push('34 9cff', '35 0c', '40 0130', '41 a861', '42 6810', '43 fb', '45 0300', '46 0100');
    tags.push('50 3412', '71 05e8', 'c1 fa3c4006', 'd4 10270000', 'e3 07000000', '90 39300000');
    const [p] = decodeGalileo(packet(tags.join('')), session).messages;
    expect(p).toMatchObject({
      fixTime: '2025-03-01T12:00:00.000Z',
      deviceTime: '2025-03-01T12:00:00.000Z',
      valid: false,
      outdated: false,
      altitude: -100,
      course: 355.7,
    });
    expect(p?.latitude).toBeCloseTo(-33.86882, 6);
    expect(p?.longitude).toBeCloseTo(151.209296, 6);
    expect(p?.speed).toBeCloseTo(100 * 0.539957, 5);
    expect(p?.attributes).toEqual({
      index: 0x1234,
      hdop: 1.2,
      status: 0x3001,
      power: 25,
      battery: 4.2,
      deviceTemp: -5,
      output: 3,
      input: 1,
      adc0: 0x1234,
      temp2: -24,
      fuel: 100,
      temp1: 20,
      rpm: 200,
      odometer: 10000,
      userData1: 7,
      driverUniqueId: '12345',
    });
  });

  it('splits a packet into records where a tag comes again, and skips extended tags', () => {
    const record = (index: string, seconds: number) =>
      `10 ${index} 20 ${le32(seconds)} 30 05 ${le32(1e6)} ${le32(2e6)}`;
    const result = decodeGalileo(
      packet(`${record('0100', 1e9)} fe 0600 2100 4d030000 ${record('0200', 1e9 + 60)}`),
      session,
    );
    expect(result.messages.map((m) => [m.attributes.index, m.fixTime, m.valid])).toEqual([
      [1, '2001-09-09T01:46:40.000Z', true],
      [2, '2001-09-09T01:47:40.000Z', true],
    ]);
  });

  it('gives a command reply as a position without a fix', () => {
    const reply = Buffer.from('OUT 1,1').toString('hex');
    const [p] = decodeGalileo(packet(`${imeiTag} 043200 e0 2a000000 e1 07${reply}`), session).messages;
    expect(p).toMatchObject({
      outdated: true,
      fixTime: null,
      attributes: { deviceId: 50, index: 42, result: 'OUT 1,1' },
    });
  });

  it('acknowledges photo and compressed packets without decoding them', () => {
    const photo = packet('ffd8ffe000104a4649460001', 0x07);
    expect(decodeGalileo(photo, session)).toEqual({
      messages: [],
      ack: Buffer.concat([Buffer.of(2), photo.subarray(-2)]),
    });
    expect(decodeGalileo(packet('00112233', 0x08), session).messages).toEqual([]);
  });

  it('refuses a bad checksum, a wrong length, an unknown or cut tag and bad values', () => {
    const good = packet('10 0100 35 05');
    const bad = Buffer.from(good);
    bad.writeUInt8(bad.readUInt8(bad.length - 1) ^ 0xff, bad.length - 1);
    expect(() => decodeGalileo(bad, session)).toThrow('checksum');
    expect(() => decodeGalileo(good.subarray(0, good.length - 1), session)).toThrow('length');
    expect(() => decodeGalileo(packet('10 0100 3f 05'), session)).toThrow('tag 0x3f');
    expect(() => decodeGalileo(packet('10 0100 20 0100'), session)).toThrow('tag 0x20');
    expect(() => decodeGalileo(packet(`30 00 ${le32(95e6)} ${le32(0)}`), session)).toThrow('range');
    expect(() => decodeGalileo(packet('33 0000 ff0f'), session)).toThrow('course');
    expect(() => decodeGalileo(packet('00', 0x05), session)).toThrow('type');
    expect(() => decodeGalileo(Buffer.of(1, 0), session)).toThrow('short');
  });

  it('survives mutated frames', () => {
    expect(fuzzVectors('galileo', galileoFramer, decodeGalileo).mutants).toBeGreaterThan(1000);
  });
});

describe('galileo decoder: Iridium', () => {
  it('takes the IMEI of an SBD message and the records of its Galileosky payload', () => {
    const sbd = Buffer.from(loadFrameCases('galileo')[0]?.input ?? []);
    const result = decodeGalileo(sbd, session);
    expect(result.uniqueId).toBe('300534064184790');
    expect(result.ack).toBeUndefined();
    expect(result.messages).toHaveLength(1);
    expect(result.messages[0]).toMatchObject({ fixTime: '2023-06-14T08:34:37.000Z', valid: true });
    expect(result.messages[0]?.latitude).toBeCloseTo(-33.868251, 6);
    expect(result.messages[0]?.longitude).toBeCloseTo(18.693136, 6);
    expect(() => decodeGalileo(sbd.subarray(0, 60), session)).toThrow('length');
  });

  it('falls back on the Iridium location and session time without a payload', () => {
    const sbd = Buffer.from(Buffer.from(loadFrameCases('galileo')[0]?.input ?? []).subarray(0, 48));
    sbd.writeUInt16BE(45, 1);
    const [p] = decodeGalileo(sbd, session).messages;
    expect(p).toMatchObject({ fixTime: '2023-06-14T08:34:56.000Z', valid: true, accuracy: 8000 });
    expect(p?.latitude).toBeCloseTo(-(33 + 49.669 / 60), 6);
    expect(p?.longitude).toBeCloseTo(18 + 42.506 / 60, 6);
  });
});

describe('galileo framer', () => {
  for (const c of loadFrameCases('galileo')) {
    it(`Traccar frame case ${c.index}`, () => expectFrameCase(galileoFramer, c, Buffer.from('\u0000\u0002junk')));
  }

  it('cuts packets split byte by byte or merged, skipping garbage and empty lengths', () => {
    const one = packet('10 0100');
    const two = packet(imeiTag, 0x01, true);
    const framer = galileoFramer();
    const input = Buffer.concat([Buffer.from('zz'), Buffer.of(0x01, 0, 0), one, two]);
    const frames: Buffer[] = [];
    for (const byte of input) frames.push(...framer.push(Buffer.of(byte)));
    expect(frames).toEqual([one, two]);
    expect(GALILEO_MAX_FRAME).toBe(32772);
  });
});

describe('galileo encoder', () => {
  const command = (type: string, attributes: Record<string, string | number | boolean>, state = { deviceId: 50 }) =>
    encodeGalileo(
      { id: '42', uniqueId: IMEI, type, attributes, createdAt: '2025-01-01T00:00:00.000Z' },
      sessionFor('galileo', { uniqueId: IMEI, state }),
    );

  it('writes a command packet with the device number, command number and text', () => {
    const text = Buffer.from('status').toString('hex');
    expect(command('custom', { data: 'status' })).toEqual(packet(`${imeiTag} 043200 e0 2a000000 e1 06${text}`));
    const out = Buffer.from('out 1,1').toString('hex');
    expect(command('outputControl', { index: 1, data: '1' })).toEqual(
      packet(`${imeiTag} 043200 e0 2a000000 e1 07${out}`),
    );
  });

  it('needs the device number from the head packet and a text that fits', () => {
    expect(command('custom', { data: 'status' }, {} as { deviceId: number })).toBeNull();
    expect(command('custom', { data: 'x'.repeat(256) })).toBeNull();
    expect(command('outputControl', { index: 1, data: 'on' })).toBeNull();
    expect(command('engineStop', {})).toBeNull();
  });
});
