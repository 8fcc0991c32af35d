import { describe, expect, it } from 'vitest';
import { crc16Ibm } from '../../codec/crc16';
import { fuzzVectors, sessionFor } from '../../testing/protocol.test-kit';
import { loadVectors } from '../../testing/traccar-vectors';
import { scoreProtocol } from '../../testing/vector-score';
import { decodeAtrack } from './atrack.decoder';
import { atrackFramer } from './atrack.framer';
import { atrackProtocol } from './atrack.protocol';

const session = sessionFor('atrack');
const UNIT = '359551037986626';

/** A binary report: `@P`, CRC-16/ARC, length, sequence, unit ID, then the records. */
function binary(sequence: number, records: Buffer[], prefix = '@P'): Buffer {
  const body = Buffer.alloc(10);
  body.writeUInt16BE(sequence, 0);
  body.writeBigUInt64BE(BigInt(UNIT), 2);
  const head = Buffer.alloc(6);
  head.write(prefix, 0, 'latin1');
  const frame = Buffer.concat([head, body, ...records]);
  frame.writeUInt16BE(frame.length - 6, 4);
  frame.writeUInt16BE(crc16Ibm(frame.subarray(4)), 2);
  return frame;
}

/** One binary record as the protocol document lays it out, then custom information bytes. */
function record(options: { gps: number; rtc: number; lon: number; lat: number; speed?: number; custom?: Buffer }) {
  const r = Buffer.alloc(41);
  r.writeUInt32BE(options.gps, 0);
  r.writeUInt32BE(options.rtc, 4);
  r.writeUInt32BE(options.rtc + 1, 8);
  r.writeInt32BE(Math.round(options.lon * 1e6), 12);
  r.writeInt32BE(Math.round(options.lat * 1e6), 16);
  r.writeUInt16BE(135, 20); // heading
  r.writeUInt8(101, 22); // report ID
  r.writeUInt32BE(12345, 23); // odometer, 0.1 km
  r.writeUInt16BE(9, 27); // HDOP ×10
  r.writeUInt8(3, 29); // inputs
  r.writeUInt16BE(options.speed ?? 0, 30); // km/h
  r.writeUInt8(1, 32); // outputs
  r.writeUInt16BE(1500, 33); // analog, mV
  r.writeUInt8(0, 35); // driver ID: empty
  r.writeInt16BE(-55, 36); // temperature 1, 0.1 °C
  r.writeInt16BE(2000, 38); // temperature 2: no sensor
  r.writeUInt8(0, 40); // text message: empty
  return options.custom ? Buffer.concat([r, options.custom]) : r;
}

describe('atrack: Traccar vectors', () => {
  it("decodes them as Traccar did (the issue's bars: 98 % of messages, 95 % of attribute values)", () => {
    const score = scoreProtocol(atrackProtocol, loadVectors('atrack'));
    // every message matches; the attribute differences are explained in docs/protocols.md
    expect(score.mismatches.map((m) => `${m.index} ${m.reason}`)).toEqual([
      '7 attribute model: undefined ≠ "AX7"',
      '11 attribute coolantTemp: undefined ≠ 0',
      '11 attribute coolantTemp: undefined ≠ 0',
      '11 attribute coolantTemp: undefined ≠ 0',
      '11 attribute coolantTemp: undefined ≠ 0',
      '30 attribute rssi: -20 ≠ 10',
    ]);
    expect(score.positionRate).toBe(1);
    expect(score.attributeRate).toBeGreaterThanOrEqual(0.95);
  });

  it('never lets a mutated frame escape or hang', () => {
    // the kit holds each mutant under its time bounds (the mean under 1 ms)
    const { mutants } = fuzzVectors('atrack', atrackFramer, atrackProtocol.decoder);
    expect(mutants).toBeGreaterThan(3000);
  });
});

describe('atrack decoder: binary reports', () => {
  it('decodes every record of a packet and answers FE 02 + unit ID + sequence ID', () => {
    const frame = binary(0x1234, [
      record({ gps: 1700000000, rtc: 1700000005, lon: 121.5, lat: 25.05, speed: 36 }),
      record({ gps: 1700000060, rtc: 1700000065, lon: -3.7, lat: -40.2 }),
    ]);
    const result = decodeAtrack(frame, session);
    expect(result.uniqueId).toBe(UNIT);
    expect((result.ack as Buffer).toString('hex')).toBe('fe0200014702 7fe5d742 1234'.replace(/ /g, ''));
    expect(result.messages).toHaveLength(2);
    const [first, second] = result.messages;
    expect(first).toMatchObject({
      fixTime: '2023-11-14T22:13:20.000Z',
      deviceTime: '2023-11-14T22:13:25.000Z',
      valid: true,
      latitude: 25.05,
      longitude: 121.5,
      course: 135,
    });
    expect(first?.speed).toBeCloseTo(19.438, 3);
    expect(first?.attributes).toEqual({
      type: 101,
      odometer: 1234500,
      hdop: 0.9,
      input: 3,
      output: 1,
      adc1: 1.5,
      temp1: -5.5,
      temp2: 200,
    });
    expect(second).toMatchObject({ latitude: -40.2, longitude: -3.7 });
  });

  it('reads the custom information its %CI form names, the cell tower included', () => {
    const custom = Buffer.concat([
      Buffer.from('%CI%SA%MV%BV%GQ%CE%LC%CN%DT%VN%ZO1\x00', 'latin1'),
      Buffer.from('0b', 'hex'), // SA: 11 satellites
      Buffer.from('008a', 'hex'), // MV: 13.8 V
      Buffer.from('0029', 'hex'), // BV: 4.1 V
      Buffer.from('15', 'hex'), // GQ: 21
      Buffer.from('0000301a', 'hex'), // CE: 12314
      Buffer.from('2b67', 'hex'), // LC: 11111
      Buffer.from('0001d4c9', 'hex'), // CN: 120009 → 120 / 9... read as MCC 120, MNC 009
      Buffer.from('01', 'hex'), // DT: buffered
      Buffer.from('1HGCM82633A004352\x00', 'latin1'), // VN
      Buffer.from('02', 'hex'), // ZO1
    ]);
    const frame = binary(7, [record({ gps: 1700000000, rtc: 1700000000, lon: 10, lat: 20, custom })]);
    const [position] = decodeAtrack(frame, session).messages;
    expect(position?.attributes).toMatchObject({
      sat: 11,
      power: 13.8,
      battery: 4.1,
      rssi: -21,
      archive: true,
      vin: '1HGCM82633A004352',
    });
    expect(position?.network?.cellTowers).toEqual([
      { mobileCountryCode: 120, mobileNetworkCode: 9, locationAreaCode: 11111, cellId: 12314, signalStrength: -21 },
    ]);
  });

  it("uses the device's atrack.form when the records carry the values without the %CI string", () => {
    const custom = Buffer.from('0064000a', 'hex'); // MV 10.0 V, BV 1.0 V
    const frame = binary(8, [record({ gps: 1700000000, rtc: 1700000000, lon: 10, lat: 20, custom })]);
    const configured = sessionFor('atrack', { settings: { 'atrack.form': '%MV%BV' } });
    expect(decodeAtrack(frame, configured).messages[0]?.attributes).toMatchObject({ power: 10, battery: 1 });
    // without the form the 4 bytes are too few for a record: ignored
    expect(decodeAtrack(frame, session).messages[0]?.attributes.power).toBeUndefined();
  });

  it('acknowledges an @R (photo) packet without positions', () => {
    const result = decodeAtrack(binary(9, [Buffer.from('ffd8ffe0', 'hex')], '@R'), session);
    expect(result.messages).toEqual([]);
    expect((result.ack as Buffer).toString('hex')).toBe('fe02000147027fe5d7420009');
  });

  it('echoes the keep-alive', () => {
    const keepAlive = Buffer.from('fe0200014104d8f196820001', 'hex');
    const result = decodeAtrack(keepAlive, session);
    expect(result).toMatchObject({ messages: [], uniqueId: '352964052096642' });
    expect((result.ack as Buffer).toString('hex')).toBe('fe0200014104d8f196820001');
  });
});

describe('atrack decoder: ASCII reports and replies', () => {
  it('decodes every line of an ASCII report with long dates and acknowledges it in binary', () => {
    const text =
      '@P,1A2B,230,65537,358901048091554,20240102030405,20240102030406,20240102030407,16423389,48178700,90,1,12.5,8,1,54,0,1200,ABC123,215,2000,\x1a\r\n' +
      '20240102030505,20240102030506,20240102030507,16423400,48178710,91,2,12.6,8,1,0,0,1200,,215,2000,\x1a\r\n';
    const result = decodeAtrack(Buffer.from(text, 'latin1'), sessionFor('atrack', { transport: 'udp' }));
    expect(result.uniqueId).toBe('358901048091554');
    // sequence 65537 wraps to 1 in the 16-bit acknowledgement
    expect((result.ack as Buffer).toString('hex')).toBe(
      `fe02${BigInt('358901048091554').toString(16).padStart(16, '0')}0001`,
    );
    expect(result.messages).toHaveLength(2);
    expect(result.messages[0]).toMatchObject({
      fixTime: '2024-01-02T03:04:05.000Z',
      latitude: 48.1787,
      longitude: 16.423389,
      course: 90,
    });
    expect(result.messages[0]?.attributes).toEqual({
      event: 1,
      odometer: 1250,
      hdop: 0.8,
      input: 1,
      output: 0,
      adc1: 1200,
      driverUniqueId: 'ABC123',
      temp1: 215,
      temp2: 2000,
    });
    expect(result.messages[1]?.attributes.driverUniqueId).toBeUndefined();
  });

  it('reads custom values by the form in the record or by atrack.form, texts with commas up to 0x1A', () => {
    const base = '1546830150,1546830151,1546830151,-88429209,44271154,54,10,0,10,1,0,0,0,,2000,2000,\x1a';
    const inRecord = `@P,9493,1,143,356961075931165,${base},%CI%GL%MV%EH%MT,http://maps.google.com/maps?q=44.2,-88.4 \x1a,121,264,1\r\n`;
    const [a] = decodeAtrack(Buffer.from(inRecord, 'latin1'), session).messages;
    expect(a?.attributes).toMatchObject({ power: 12.1, hours: 95_040_000, motion: true });
    const configured = sessionFor('atrack', { settings: { 'atrack.form': '%AT%SA%CD%IA' } });
    const [b] = decodeAtrack(
      Buffer.from(`@P,9493,1,143,356961075931165,${base},251,12,8901260881215247759,5\r\n`, 'latin1'),
      configured,
    ).messages;
    expect(b?.altitude).toBe(251);
    expect(b?.attributes).toMatchObject({ sat: 12, iccid: '8901260881215247759', intakeTemp: 5 });
  });

  it('turns $INFO into device facts and other $ replies into a result', () => {
    const info = decodeAtrack(
      Buffer.from(
        '$INFO=358683066267395,AX11,Rev.1.02 Build.2001,358683066267395,466924131626767,89886920041316267670,125,41,7,1,20,1,0\r\n',
      ),
      session,
    );
    expect(info.uniqueId).toBe('358683066267395');
    expect(info.messages[0]?.attributes).toEqual({
      deviceType: 'AX11',
      versionFw: 'Rev.1.02 Build.2001',
      power: 12.5,
      battery: 4.1,
      sat: 7,
      rssi: 20,
    });
    expect(decodeAtrack(Buffer.from('$OK\r\n'), session).messages[0]?.attributes).toEqual({ result: '$OK' });
  });
});

describe('atrack decoder: bad input', () => {
  const good = binary(1, [record({ gps: 1700000000, rtc: 1700000000, lon: 1, lat: 2 })]);

  it('throws on a bad CRC, a length beyond the frame, a truncated keep-alive or an unknown frame', () => {
    const badCrc = Buffer.from(good);
    badCrc.writeUInt8((badCrc[30] as number) ^ 0xff, 30);
    expect(() => decodeAtrack(badCrc, session)).toThrow(/CRC/);
    expect(() => decodeAtrack(good.subarray(0, good.length - 5), session)).toThrow(/length/);
    expect(() => decodeAtrack(Buffer.from('fe020001', 'hex'), session)).toThrow();
    expect(() => decodeAtrack(Buffer.from('hello world'), session)).toThrow();
    expect(() => decodeAtrack(Buffer.of(0x40), session)).toThrow();
  });

  it('throws on a malformed ASCII report and an out-of-range position', () => {
    expect(() => decodeAtrack(Buffer.from('@P,ZZZZ,1,1,abc,\r\n'), session)).toThrow();
    expect(() => decodeAtrack(Buffer.from('@P,1A2B,1,1,358901048091554,1546830150,1,1,x,y\r\n'), session)).toThrow();
    expect(() =>
      decodeAtrack(
        Buffer.from('@P,1A2B,1,1,358901048091554,1546830150,1,1,0,99000000,0,0,0,0,0,0,0,0,,0,0,\r\n'),
        session,
      ),
    ).toThrow(/range/);
    expect(() => decodeAtrack(Buffer.from('$INFO=1,2\r\n'), session)).toThrow();
  });

  it('stops at a custom code of unknown size, keeping what it read', () => {
    const custom = Buffer.from('%CI%MV%QQ%BV\x00\x00\x78\x00\x29', 'latin1');
    const frame = binary(3, [record({ gps: 1700000000, rtc: 1700000000, lon: 1, lat: 2, custom })]);
    const { messages } = decodeAtrack(frame, session);
    expect(messages).toHaveLength(1);
    expect(messages[0]?.attributes.power).toBe(12);
    expect(messages[0]?.attributes.battery).toBeUndefined();
  });
});
