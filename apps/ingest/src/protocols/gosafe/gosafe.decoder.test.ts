import { describe, expect, it } from 'vitest';
import { fuzzVectors, sessionFor } from '../../testing/protocol.test-kit';
import { loadVectors } from '../../testing/traccar-vectors';
import { scoreProtocol } from '../../testing/vector-score';
import { decodeGosafe } from './gosafe.decoder';
import { gosafeFramer } from './gosafe.framer';
import { gosafeProtocol } from './gosafe.protocol';

const session = sessionFor('gosafe');
const decode = (text: string) => decodeGosafe(Buffer.from(text, 'latin1'), session);

describe('gosafe decoder: Traccar vectors', () => {
  it('decodes the vectors as Traccar did', () => {
    const score = scoreProtocol(gosafeProtocol, loadVectors('gosafe'));
    expect(score.mismatches).toEqual([]);
    expect(score.positionRate).toBeGreaterThanOrEqual(0.98);
    expect(score.attributeRate).toBeGreaterThanOrEqual(0.95);
  });
});

describe('gosafe decoder: text', () => {
  it('answers every report with 1234 and binds the device on a heartbeat', () => {
    const heartbeat = { messages: [], uniqueId: '351535058659335', ack: '1234' };
    expect(decode('*GS06,351535058659335#')).toEqual(heartbeat);
    expect(decode('*GS06,351535058659335,#')).toEqual(heartbeat);
  });

  it('reads events, driver ids, temperature sensors, event data and tags', () => {
    const result = decode(
      '*GS06,351535058659335,201530040324,2A,GPS:A;8;S33.868820;W151.209290;54;270;12;0.9,ADC:12.5;4.1,' +
        'IWD:0;0;01A2B3C4D5E6;1;1;28ff641e8016034c;-4.5,ETD:overspeed 90,TAG:5;A1B2,COT:1200;1-30-0#',
    );
    expect(result.ack).toBe('1234');
    const [position] = result.messages;
    expect(position).toMatchObject({ fixTime: '2024-03-04T20:15:30.000Z', valid: true, course: 270, altitude: 12 });
    expect(position?.latitude).toBeCloseTo(-33.86882, 6);
    expect(position?.longitude).toBeCloseTo(-151.20929, 6);
    expect(position?.speed).toBeCloseTo(54 * 0.539957, 5);
    expect(position?.attributes).toEqual({
      event: 0x2a,
      sat: 8,
      hdop: 0.9,
      power: 12.5,
      battery: 4.1,
      driverUniqueId: '01A2B3C4D5E6',
      temp1: -4.5,
      eventData: 'overspeed 90',
      tagData: '5',
      odometer: 1200,
      hours: 5_400_000,
    });
  });

  it('keeps a command answer as an outdated position with its result', () => {
    const [position] = decode('*GS06,351535058659335,OK,GPS:V;0;N0.000000;E0.000000;0;0#').messages;
    expect(position).toMatchObject({ outdated: true, fixTime: null, valid: false, attributes: { result: 'OK' } });
  });

  it('reads the first-generation GS02 report', () => {
    const result = decode('*GS02,358696043774648,GPS:093015;3;A;N22.553900;E114.051800;40;120;1.2050316,');
    expect(result.uniqueId).toBe('358696043774648');
    expect(result.messages[0]).toMatchObject({
      fixTime: '2016-03-05T09:30:15.000Z',
      valid: true,
      course: 120,
      attributes: { hdop: 1.2 },
    });
    expect(result.messages[0]?.longitude).toBeCloseTo(114.0518, 6);
  });

  it('refuses records with broken sections', () => {
    expect(() => decode('*GS06,351535058659335,201530040324,,GPS:A;x;N1.0;E1.0;0;0#')).toThrow('not an integer');
    expect(() => decode('*GS06,351535058659335,201530040324,,DTT:4002;E1#')).toThrow('too short');
    expect(() => decode('*GS06,351535058659335,201530040324,,GPS:A;5;N91.0;E1.0;0;0#')).toThrow('out of range');
    expect(decode('GS06,351535058659335').messages).toEqual([]);
  });
});

/** A binary report: body between flags, 0x1B and 0xF8 escaped. */
function binary(body: string): Buffer {
  const bytes = Buffer.from(body, 'hex');
  const escaped: number[] = [];
  for (const b of bytes) {
    if (b === 0x1b) escaped.push(0x1b, 0x00);
    else if (b === 0xf8) escaped.push(0x1b, 0xe3);
    else escaped.push(b);
  }
  return Buffer.from([0xf8, ...escaped, 0xf8]);
}

describe('gosafe decoder: binary', () => {
  // version 6, type 1, IMEI 351535053891099, 2024-12-05T13:08:25Z, blocks 1 and 3
  const body = (gps: string) => `0601013fb82203661b2ee46249000a${gps}03aabbcc4655`;

  it('reads the fix block of an escaped report', () => {
    const gps = '130000380131fa8ffb1bf8ae00240087ff9c0064'; // 8 sats, 20.052623, -82.052946, 36 km/h, 135°, -100 m
    const framer = gosafeFramer();
    const [frame] = framer.push(binary(body(gps)));
    const result = decodeGosafe(frame as Buffer, session);
    expect(result.uniqueId).toBe('351535053891099');
    expect(result.messages[0]).toMatchObject({
      fixTime: '2024-12-05T13:08:25.000Z',
      valid: true,
      course: 135,
      altitude: -100,
      attributes: { sat: 8, hdop: 1 },
    });
    expect(result.messages[0]?.latitude).toBeCloseTo(20.052623, 6);
    expect(result.messages[0]?.longitude).toBeCloseTo(-82.052946, 6);
    expect(result.messages[0]?.speed).toBeCloseTo(36 * 0.539957, 5);
  });

  it('refuses a truncated report', () => {
    const frame = Buffer.from('f80601013fb82203661b2ee46249000213000038f8', 'hex');
    expect(() => decodeGosafe(frame, session)).toThrow('truncated');
  });

  it('survives 200 mutations of every vector in the framer and the decoder', () => {
    const { mutants } = fuzzVectors('gosafe', gosafeFramer, decodeGosafe);
    expect(mutants).toBe(200 * loadVectors('gosafe').length);
  });
});
