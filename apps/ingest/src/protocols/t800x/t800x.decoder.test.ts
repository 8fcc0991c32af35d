import { describe, expect, it } from 'vitest';
import { fuzzVectors } from '../../testing/protocol.test-kit';
import { loadVectors, testSession } from '../../testing/traccar-vectors';
import { scoreProtocol } from '../../testing/vector-score';
import { decodeT800x } from './t800x.decoder';
import { t800xFramer } from './t800x.framer';
import { t800xProtocol } from './t800x.protocol';

const session = testSession({ protocol: 't800x' });
const decode = (hex: string) => decodeT800x(Buffer.from(hex, 'hex'), session);
const IMEI = '0860000000000001';
/** A frame of `header` (one byte, twice), `type` and `body` (hex), with its length, sequence 0x0102 and IMEI. */
const frame = (header: string, type: string, body: string) =>
  `${header}${header}${type}${(15 + body.length / 2).toString(16).padStart(4, '0')}0102${IMEI}${body}`;
const f32 = (value: number) => {
  const b = Buffer.alloc(4);
  b.writeFloatLE(value);
  return b.toString('hex');
};
/** settings 8, rssi 0x1f, flags (0x40 fixed | 9 satellites), status 8 (inputs: ignition and in3; outputs: out1) */
const STATUS = `0000000000000000 1f 49 0000 0000 00 80 50 00`.replaceAll(' ', '');

describe('t800x decoder: Traccar vectors', () => {
  it('decodes the vectors as Traccar did, but for the values docs/protocols.md explains', () => {
    const score = scoreProtocol(t800xProtocol, loadVectors('t800x'));
    expect(score.positionRate).toBe(1);
    expect(score.attributeRate).toBeGreaterThanOrEqual(0.92);
    expect(score.mismatches.map((m) => `${m.index} ${m.reason.replace(/:.*/, '')}`)).toEqual([
      // OBD bytes after the air input: Traccar reads the same byte seven times (the frame holds five)
      '4 attribute airPressure',
      '4 attribute coolantTemp',
      '4 attribute airTemp',
      '4 attribute engineLoad',
      '4 attribute throttle',
      '4 attribute fuel',
      // asset tracker fields whose place or encoding no document gives
      '6 attribute gSensor',
      '6 attribute lightSensor',
      '6 attribute solarPanel',
      '6 attribute ignition',
      '6 attribute rssi',
    ]);
  });
});

describe('t800x decoder', () => {
  it('acknowledges login, heartbeat and alarm with the header, type, sequence and IMEI', () => {
    const login = decode(frame('23', '01', '140197625020'));
    expect(login).toMatchObject({ messages: [], uniqueId: '860000000000001', state: { header: 0x23 } });
    expect((login.ack as Buffer).toString('hex')).toBe(`232301000f0102${IMEI}`);
    const heartbeat = decodeT800x(Buffer.from(frame('25', '03', ''), 'hex'), { ...session, state: { header: 0x25 } });
    expect((heartbeat.ack as Buffer).toString('hex')).toBe(`252503000f0102${IMEI}`);
    expect(heartbeat.state).toBeUndefined();
  });

  it('decodes a %% alarm report with a fix, two ADCs and the power voltage', () => {
    const body = `${STATUS}0137 0064 01 00 00001000 00 250101120000 ${f32(12.5)}${f32(-151.25)}${f32(-33.5)} 0900 005a 1234`;
    const result = decode(frame('25', '04', body.replaceAll(' ', '')));
    expect((result.ack as Buffer).readUInt16BE(3)).toBe(15);
    const [p] = result.messages;
    expect(p).toMatchObject({
      fixTime: '2025-01-01T12:00:00.000Z',
      valid: true,
      latitude: -33.5,
      longitude: -151.25,
      altitude: 12.5,
      course: 90,
    });
    expect(p?.speed).toBeCloseTo(48.596, 3);
    expect(p?.attributes).toEqual({
      index: 0x0102,
      rssi: 31,
      sat: 9,
      ignition: true,
      ac: false,
      in3: true,
      in4: false,
      out1: true,
      out2: false,
      out3: false,
      adc1: 3.11,
      adc2: 1,
      alarm: 'powerCut',
      alarmCode: 1,
      odometer: 4096,
      batteryLevel: 100,
      power: 12.34,
    });
  });

  it('decodes a ## report without a fix as the cells it saw', () => {
    const body = `${STATUS.slice(0, 18)}00${STATUS.slice(20)}00010002 00 00 00000010 55 250101120000 f401 0100 0a00 0b00 0c00 0d00`;
    const [p] = decode(frame('23', '02', body.replaceAll(' ', ''))).messages;
    expect(p).toMatchObject({ outdated: true, fixTime: null, deviceTime: '2025-01-01T12:00:00.000Z' });
    expect(p?.attributes).toMatchObject({ sat: 0, batteryLevel: 55, alarmCode: 0 });
    expect(p?.network?.cellTowers).toEqual([
      { mobileCountryCode: 500, mobileNetworkCode: 1, locationAreaCode: 10, cellId: 11 },
      { mobileCountryCode: 500, mobileNetworkCode: 1, locationAreaCode: 12, cellId: 13 },
    ]);
  });

  it('decodes command answers, tags and driving events', () => {
    const text = Buffer.from('VERSION:1.0#', 'utf16le').toString('hex');
    const [answer] = decode(frame('25', '81', `01${text}`)).messages;
    expect(answer).toMatchObject({ outdated: true, deviceTime: null, attributes: { result: 'VERSION:1.0#' } });
    const [tag] = decode(
      frame('27', '10', '250101120000 0000 05 aabbccddeeff 64 00 fc18 00 a0'.replaceAll(' ', '')),
    ).messages;
    expect(tag?.attributes).toEqual({
      ignition: false,
      tag1Id: 'aabbccddeeff',
      tag1Battery: 3,
      tag1Temp: -10,
      tag1Door: false,
      tag1Rssi: 32,
    });
    const record = (time: string, fix: string) => `${time}${fix}0500ffff0bb8`;
    const events = decode(
      frame(
        '26',
        '05',
        `06${record('250101120000', 'ff'.repeat(12))}${record('250101120005', f32(0) + f32(10) + f32(20))}`,
      ),
    ).messages;
    expect(events.map((p) => [p.fixTime, p.latitude, p.attributes])).toEqual([
      [null, 0, { rpm: 3000 }],
      ['2025-01-01T12:00:05.000Z', 20, { rpm: 3000, alarm: 'hardCornering' }],
    ]);
  });

  it('refuses malformed and truncated frames', () => {
    expect(() => decode('2323')).toThrow();
    expect(() => decode(frame('28', '01', ''))).toThrow();
    expect(() => decode(`2324010015000${IMEI}`)).toThrow();
    expect(() => decode(frame('23', '02', STATUS))).toThrow();
    expect(() => decode(frame('23', '01', '').replace(IMEI, '0a60000000000001'))).toThrow();
    expect(() => decode(`${frame('23', '03', '').slice(0, 6)}ff${frame('23', '03', '').slice(8)}`)).toThrow();
    expect(decode(frame('23', '7f', '00')).messages).toEqual([]);
    expect(
      decode(frame('23', '02', `${STATUS}0000000000000000000000250101120000${'00'.repeat(12)}0000ffff`)).messages[0]
        ?.course,
    ).toBe(0);
  });

  it('survives mutations of every vector', () => {
    expect(fuzzVectors('t800x', t800xFramer, decodeT800x).mutants).toBeGreaterThan(1000);
  });
});

describe('t800x framer', () => {
  it('cuts frames by their length, split byte by byte, after garbage, and merges a read of several', () => {
    const a = Buffer.from(frame('23', '03', ''), 'hex');
    const b = Buffer.from(frame('27', '01', '140197625020'), 'hex');
    const f = t800xFramer();
    const frames: Buffer[] = [];
    for (const byte of Buffer.concat([Buffer.from('xx#$%%\x00', 'latin1'), a, b]))
      frames.push(...f.push(Buffer.of(byte)));
    expect(frames).toEqual([a, b]);
    expect(t800xFramer().push(Buffer.concat([a, b, a]))).toEqual([a, b, a]);
  });

  it('skips a header whose length is below the fixed part', () => {
    const a = Buffer.from(frame('25', '03', ''), 'hex');
    expect(t800xFramer().push(Buffer.concat([Buffer.from('2525010005', 'hex'), a]))).toEqual([a]);
  });
});
