import { describe, expect, it } from 'vitest';
import { fuzzVectors, sessionFor } from '../../testing/protocol.test-kit';
import { expectSameAsTraccar, loadVectors } from '../../testing/traccar-vectors';
import { frameOf, scoreProtocol } from '../../testing/vector-score';
import { decodeEgts, egtsPacket } from './egts.decoder';
import { egtsFramer } from './egts.framer';
import { egtsProtocol } from './egts.protocol';

const vectors = loadVectors('egts');
const session = sessionFor('egts');
const vector = (index: number) => frameOf(vectors.find((v) => v.index === index)!);
const hex = (text: string) => Buffer.from(text.replace(/ /g, ''), 'hex');

/**
 * Written from GOST 33472: packet 7, one record (number 9, teleservice) with POS_DATA (2023-11-14T22:13:20Z,
 * 33.5° S, 70.25° W, 60.5 km/h, course 300, odometer 10000, inputs 5, source 7, altitude -12 m), EXT_POS_DATA
 * (HDOP 9, 11 satellites) and AD_SENSORS_DATA (outputs 2, analogue input 1 = 16).
 */
const OWN =
  '0100000b003300070001062c00090000020210180000b6161a9ef4495f933ee963e15dc22c10270005070c00001104000a09000b12070001020105100000f5e7';

describe('egts decoder: Traccar vectors', () => {
  it('decodes the vectors as Traccar did', () => {
    const score = scoreProtocol(egtsProtocol, vectors);
    expect(score.mismatches).toEqual([]);
    expect(score.positionRate).toBeGreaterThanOrEqual(0.98);
    expect(score.attributeRate).toBeGreaterThanOrEqual(0.95);
  });

  for (const v of vectors) {
    it(`vector ${v.index} matches Traccar field by field (${v.traccar.result})`, () => {
      const result = decodeEgts(frameOf(v), session);
      // a record's object id binds the session; Traccar lists it only when its session had no device yet
      if (v.traccar.uniqueIds[0]) expect(result.uniqueId).toBe(v.traccar.uniqueIds[0]);
      expect(result.messages).toHaveLength(v.traccar.positions.length);
      v.traccar.positions.forEach((expected, i) => {
        expectSameAsTraccar(result.messages[i]!, expected, `vector ${v.index} #${i}`);
      });
    });
  }
});

describe('egts decoder', () => {
  it('answers an application packet with a RESPONSE confirming each record', () => {
    expect(decodeEgts(vector(1), session).ack?.toString('hex')).toBe(
      '0100000b001d00010000dc01000006000300000202000300030000060004000002020003000400004fa0',
    );
  });

  it('decodes a position in the southern and western hemispheres with altitude, extended data and sensors', () => {
    const result = decodeEgts(hex(OWN), session);
    expect(result.ack?.toString('hex')).toBe('0100000b0010000700008b070000060009000002020003000900003f68');
    const [position] = result.messages;
    expect(position).toMatchObject({
      fixTime: '2023-11-14T22:13:20.000Z',
      valid: true,
      altitude: -12,
      course: 300,
    });
    expect(position?.latitude).toBeCloseTo(-33.5, 6);
    expect(position?.longitude).toBeCloseTo(-70.25, 6);
    expect(position?.speed).toBeCloseTo(60.5 * 0.539957, 6);
    expect(position?.attributes).toEqual({
      odometer: 10000,
      input: 5,
      event: 7,
      hdop: 9,
      sat: 11,
      output: 2,
      adc1: 16,
    });
  });

  it('names the terminal by the IMEI of its TERM_IDENTITY, else by its terminal id', () => {
    expect(decodeEgts(vector(7), session).uniqueId).toBe('864495034643376');
    // auth record: terminal id 4660, no optional fields
    const identity = hex('0800 0100 00 01 01 01 0500 34120000 00');
    expect(decodeEgts(egtsPacket(3, 1, identity), session)).toMatchObject({ messages: [], uniqueId: '4660' });
  });

  it('takes nothing from a RESPONSE packet and sends nothing back', () => {
    expect(decodeEgts(vector(3), session)).toEqual({ messages: [] });
  });
});

describe('egts decoder: malformed packets', () => {
  it('rejects a bad header CRC-8, a bad data CRC-16 and a truncated packet', () => {
    const header = Buffer.from(vector(1));
    header[7] = (header[7] as number) ^ 0x01;
    expect(() => decodeEgts(header, session)).toThrow('CRC-8');
    const data = Buffer.from(vector(1));
    data[30] = (data[30] as number) ^ 0x01;
    expect(() => decodeEgts(data, session)).toThrow('CRC-16');
    expect(() => decodeEgts(vector(1).subarray(0, 40), session)).toThrow('truncated');
  });

  it('rejects a subrecord running past its record', () => {
    // record of 5 bytes holding a POS_DATA subrecord that announces 21
    const record = hex('0500 0100 00 02 02 10 1500 00 00');
    expect(() => decodeEgts(egtsPacket(4, 1, record), session)).toThrow('truncated');
  });
});

describe('egts decoder: fuzz', () => {
  it('survives 200 mutations of every vector, in the framer and the decoder', () => {
    const { mutants } = fuzzVectors('egts', egtsFramer, decodeEgts);
    expect(mutants).toBe(vectors.length * 200);
  });
});
