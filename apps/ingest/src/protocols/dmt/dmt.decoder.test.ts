import { describe, expect, it } from 'vitest';
import { fuzzVectors, sessionFor } from '../../testing/protocol.test-kit';
import { expectSameAsTraccar, loadVectors } from '../../testing/traccar-vectors';
import { frameOf, scoreProtocol } from '../../testing/vector-score';
import { decodeDmt, dmtMessage } from './dmt.decoder';
import { dmtFramer } from './dmt.framer';
import { dmtProtocol } from './dmt.protocol';

const vectors = loadVectors('dmt');
const vector = (index: number) => frameOf(vectors.find((v) => v.index === index)!);
const session = sessionFor('dmt');
const hex = (text: string) => Buffer.from(text.replace(/ /g, ''), 'hex');

describe('dmt decoder: Traccar vectors', () => {
  it('decodes the vectors as Traccar did', () => {
    const score = scoreProtocol(dmtProtocol, vectors);
    expect(score.mismatches).toEqual([]);
    expect(score.positionRate).toBeGreaterThanOrEqual(0.98);
    expect(score.attributeRate).toBeGreaterThanOrEqual(0.95);
  });

  for (const v of vectors) {
    it(`vector ${v.index} matches Traccar field by field (${v.traccar.result})`, () => {
      const result = decodeDmt(frameOf(v), session);
      expect(result.uniqueId).toBe(v.traccar.uniqueIds[0]);
      expect(result.messages).toHaveLength(v.traccar.positions.length);
      v.traccar.positions.forEach((expected, i) => {
        expectSameAsTraccar(result.messages[i]!, expected, `vector ${v.index} #${i}`);
      });
    });
  }
});

describe('dmt decoder', () => {
  it('answers hello with the server time in seconds since 2013-01-01 and binds the IMEI', () => {
    const result = decodeDmt(vector(0), session);
    expect(result.uniqueId).toBe('353229027539251');
    // 2026-08-22T00:00:00Z - 2013-01-01T00:00:00Z = 430963200 s = 0x19b00000... written little-endian
    const seconds = (Date.UTC(2026, 7, 22) - Date.UTC(2013, 0, 1)) / 1000;
    const expected = Buffer.alloc(8);
    expected.writeUInt32LE(seconds, 0);
    expect(result.ack?.toString('hex')).toBe(`0255010800${expected.toString('hex')}`);
  });

  it('answers a commit request with success and canned requests with nothing pending', () => {
    expect(decodeDmt(hex('0255050000'), session).ack?.toString('hex')).toBe('02550601' + '0001');
    expect(decodeDmt(vector(6), session).ack?.toString('hex')).toBe('0255230400' + '00000000');
    expect(decodeDmt(hex('0255140000'), session).ack?.toString('hex')).toBe('0255150400' + '00000000');
  });

  it('decodes a record without GPS as a stamped position with no location of its own', () => {
    // record: length 17, sequence 7, time 0x0f3ab5fb, reason 20, digital field (inputs 0x04, outputs 1, status 2)
    const record = hex('1a00 07000000 fbb53a0f 14 02 08 04000000 0100 0200 06 03 01 e80f');
    const [position] = decodeDmt(dmtMessage(0x04, record), session).messages;
    expect(position).toMatchObject({ outdated: true, fixTime: '2021-02-05T05:51:55.000Z', valid: false });
    expect(position?.attributes).toEqual({
      index: 7,
      event: 20,
      ignition: false,
      input: 4,
      output: 1,
      status: 2,
      battery: 4.072,
    });
  });

  it('reads a field whose length is given on 16 bits and negative temperatures', () => {
    const record = hex('1500 01000000 00000000 01 06 ff 0600 03 0cfe 07 0a00');
    const [position] = decodeDmt(dmtMessage(0x04, record), session).messages;
    expect(position?.attributes).toEqual({ index: 1, event: 1, deviceTemp: -5, io7: 10 });
    expect(position?.fixTime).toBe('2013-01-01T00:00:00.000Z');
  });
});

describe('dmt decoder: malformed frames', () => {
  it('rejects a wrong header, a payload shorter than announced and records cut short', () => {
    expect(() => decodeDmt(hex('0256000000'), session)).toThrow('not a Digital Matter');
    expect(() => decodeDmt(vector(1).subarray(0, 40), session)).toThrow('truncated');
    expect(() => decodeDmt(dmtMessage(0x04, vector(1).subarray(5, 40)), session)).toThrow('truncated');
    expect(() => decodeDmt(dmtMessage(0x04, hex('0500 01000000')), session)).toThrow('too short');
    expect(() => decodeDmt(dmtMessage(0x00, hex('00000000 41424344')), session)).toThrow('truncated');
  });

  it('rejects coordinates out of range', () => {
    const frame = Buffer.from(vector(1));
    frame.writeInt32LE(1_000_000_000, 22); // latitude 100° of the first record
    expect(() => decodeDmt(frame, session)).toThrow('out of range');
  });
});

describe('dmt decoder: fuzz', () => {
  it('survives 200 mutations of every vector, in the framer and the decoder', () => {
    const { mutants } = fuzzVectors('dmt', dmtFramer, decodeDmt);
    expect(mutants).toBe(vectors.length * 200);
  });
});
