import { describe, expect, it } from 'vitest';
import type { FramerFactory } from '../../testing/../protocols/protocol.types';
import { fuzzVectors, sessionFor } from '../../testing/protocol.test-kit';
import { expectSameAsTraccar, loadVectors } from '../../testing/traccar-vectors';
import { frameOf, scoreProtocol } from '../../testing/vector-score';
import { decodeCalamp } from './calamp.decoder';
import { calampProtocol } from './calamp.protocol';

const vectors = loadVectors('calamp');
const vector = (index: number) => frameOf(vectors.find((v) => v.index === index)!);
const session = sessionFor('calamp', { transport: 'udp' });
const hex = (text: string) => Buffer.from(text.replace(/ /g, ''), 'hex');
/** UDP: a datagram is a frame. */
const datagrams: FramerFactory = () => ({ push: (chunk) => [chunk], buffered: 0 });

describe('calamp decoder: Traccar vectors', () => {
  it('decodes the vectors as Traccar did', () => {
    const score = scoreProtocol(calampProtocol, vectors);
    expect(score.mismatches).toEqual([]);
    expect(score.positionRate).toBeGreaterThanOrEqual(0.98);
    expect(score.attributeRate).toBeGreaterThanOrEqual(0.95);
  });

  for (const v of vectors) {
    it(`vector ${v.index} matches Traccar field by field (${v.traccar.result})`, () => {
      const result = decodeCalamp(frameOf(v), session);
      expect(result.uniqueId).toBe(v.traccar.uniqueIds[0]);
      expect(result.messages).toHaveLength(v.traccar.positions.length);
      v.traccar.positions.forEach((expected, i) => {
        expectSameAsTraccar(result.messages[i]!, expected, `vector ${v.index} #${i}`);
      });
    });
  }
});

describe('calamp decoder', () => {
  it('acknowledges an acknowledged request with an Ack/Nak echoing mobile id, sequence and type', () => {
    // event report, service 1, sequence 0x8afd
    expect(decodeCalamp(vector(2), session).ack?.toString('hex')).toBe(
      '8305163303345901010201' + '8afd' + '020000000000',
    );
    // ID report, sequence 0x0001
    expect(decodeCalamp(vector(10), session).ack?.toString('hex')).toBe('83054532104183010102010001030000000000');
  });

  it('sends no ack for an unacknowledged report', () => {
    const frame = Buffer.from(vector(13));
    frame[9] = 0; // service type 0
    const result = decodeCalamp(frame, session);
    expect(result.ack).toBeUndefined();
    expect(result.messages).toHaveLength(1);
  });

  it('decodes an event report without an options header (the session names the device)', () => {
    const withoutOptions = vector(13).subarray(9);
    const result = decodeCalamp(withoutOptions, session);
    expect(result.uniqueId).toBeUndefined();
    expect(result.ack?.toString('hex')).toBe('0201' + '0007' + '020000000000');
    expect(result.messages[0]).toMatchObject({ latitude: 26.330282, course: 137 });
  });

  it('decodes a locate report (type 8) like an event report, with an invalid fix flagged', () => {
    // mobile id 4542018545; service 0, type 8, seq 9; fix status 0x08 (invalid fix)
    const frame = hex(
      '8305454201854501 01 00 08 0009 5517fb33 5516c5c4 0fb1aea4 cf4cbf25 00002710 000003e8 005a 05 08 0015 ffb1 0f 0b 01 00 00 2a 01 00 0000007b',
    );
    const { messages, ack } = decodeCalamp(frame, session);
    expect(ack).toBeUndefined();
    expect(messages[0]).toMatchObject({
      valid: false,
      fixTime: '2015-03-29T13:16:35.000Z',
      altitude: 100,
      course: 90,
    });
    expect(messages[0]?.speed).toBeCloseTo(19.43844, 4);
    expect(messages[0]?.attributes).toMatchObject({ sat: 5, hdop: 11, input: 1, ignition: true, event: 42, acc0: 123 });
  });

  it('decodes a mini event report with an invalid fix and an accumulator list with threshold and mask', () => {
    const frame = hex(
      '83054332149486 0101 00 0a 0081 560b5a5e 0eadd029 1becf3c5 0010 3c 84 0f 1e 21 42 00000000 0000000f 00000064 000000c8',
    );
    const [position] = decodeCalamp(frame, session).messages;
    expect(position).toMatchObject({ valid: false, course: 16 });
    expect(position?.speed).toBeCloseTo(60 * 0.539957, 5);
    expect(position?.attributes).toEqual({
      sat: 4,
      modem: 15,
      input: 30,
      ignition: false,
      event: 33,
      acc0: 100,
      acc1: 200,
    });
  });

  it('returns nothing for an Ack/Nak from the LMU', () => {
    const result = decodeCalamp(hex('83054332149486 0101 02 01 0005 04 00 00 000000'), session);
    expect(result).toEqual({ messages: [], uniqueId: '4332149486' });
  });
});

describe('calamp decoder: malformed datagrams', () => {
  it('rejects truncated reports and option fields longer than the datagram', () => {
    expect(() => decodeCalamp(vector(2).subarray(0, 30), session)).toThrow('truncated');
    expect(() => decodeCalamp(hex('83 20 1234'), session)).toThrow('truncated');
    expect(() => decodeCalamp(Buffer.alloc(0), session)).toThrow('truncated');
    expect(() => decodeCalamp(vector(0).subarray(0, vector(0).length - 10), session)).toThrow('truncated');
  });

  it('rejects coordinates out of range', () => {
    const frame = Buffer.from(vector(13));
    frame.writeInt32BE(1_000_000_000, 21); // latitude 100°
    expect(() => decodeCalamp(frame, session)).toThrow('out of range');
  });
});

describe('calamp decoder: fuzz', () => {
  it('survives 200 mutations of every vector', () => {
    const { mutants } = fuzzVectors('calamp', datagrams, decodeCalamp);
    expect(mutants).toBe(vectors.length * 200);
  });
});
