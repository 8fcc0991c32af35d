import { describe, expect, it } from 'vitest';
import { fuzzVectors, sessionFor } from '../../testing/protocol.test-kit';
import { expectSameAsTraccar, loadVectors } from '../../testing/traccar-vectors';
import { frameOf, scoreProtocol } from '../../testing/vector-score';
import { decodeCellocator } from './cellocator.decoder';
import { cellocatorChecksum, cellocatorFramer } from './cellocator.framer';
import { cellocatorProtocol } from './cellocator.protocol';

const vectors = loadVectors('cellocator');
const vector = (index: number) => frameOf(vectors.find((v) => v.index === index)!);
const session = sessionFor('cellocator');

/** Recomputes the error detection code of a (modified) message. */
function sealed(frame: Buffer): Buffer {
  const copy = Buffer.from(frame);
  copy[copy.length - 1] = cellocatorChecksum(copy, 4, copy.length - 1);
  return copy;
}

describe('cellocator decoder: Traccar vectors', () => {
  it('decodes the vectors as Traccar did', () => {
    const score = scoreProtocol(cellocatorProtocol, vectors);
    expect(score.mismatches).toEqual([]);
    expect(score.positionRate).toBeGreaterThanOrEqual(0.98);
    expect(score.attributeRate).toBeGreaterThanOrEqual(0.95);
  });

  for (const v of vectors) {
    it(`vector ${v.index} matches Traccar field by field (${v.traccar.result})`, () => {
      const result = decodeCellocator(frameOf(v), session);
      expect(result.uniqueId).toBe(v.traccar.uniqueIds[0]);
      expect(result.messages).toHaveLength(v.traccar.positions.length);
      v.traccar.positions.forEach((expected, i) => {
        expectSameAsTraccar(result.messages[i]!, expected, `vector ${v.index} #${i}`);
      });
    });
  }
});

describe('cellocator decoder', () => {
  it('acknowledges a status message with a type 4 message quoting its numerator', () => {
    // unit 549765, numerator 0xb2
    const ack = decodeCellocator(vector(2), session).ack as Buffer;
    expect(ack.toString('hex')).toBe('4d4347500485630800000000000000b20000000000000000a6');
  });

  it('acknowledges a modular message too', () => {
    const ack = decodeCellocator(vector(4), session).ack as Buffer;
    expect(ack.readUInt32LE(5)).toBe(755881);
    expect(ack[15]).toBe(0x39);
  });

  it('reads door, ignition and an invalid fix from the status message', () => {
    const frame = Buffer.from(vector(2));
    frame[20] = 0x21; // ignition and door inputs
    frame[40] = 0x02; // location status: no valid fix
    const [position] = decodeCellocator(sealed(frame), session).messages;
    expect(position?.valid).toBe(false);
    expect(position?.attributes).toMatchObject({ ignition: true, door: true, input: 0x21000000 });
  });

  it('gives nothing for other message types but names the unit', () => {
    // type 3 (programming data), 31 bytes
    const frame = Buffer.alloc(31);
    frame.write('MCGP', 0, 'latin1');
    frame[4] = 3;
    frame.writeUInt32LE(1234, 5);
    expect(decodeCellocator(sealed(frame), session)).toEqual({ messages: [], uniqueId: '1234' });
  });
});

describe('cellocator decoder: malformed frames', () => {
  it('rejects a bad checksum, a truncated message, an unknown type and a wrong system code', () => {
    const corrupt = Buffer.from(vector(2));
    corrupt[30] = (corrupt[30] as number) ^ 0x01;
    expect(() => decodeCellocator(corrupt, session)).toThrow('checksum');
    expect(() => decodeCellocator(vector(2).subarray(0, 50), session)).toThrow('truncated');
    const unknown = Buffer.from(vector(2));
    unknown[4] = 0x55;
    expect(() => decodeCellocator(unknown, session)).toThrow('unknown message type');
    expect(() => decodeCellocator(Buffer.from('XCGP000000000000', 'latin1'), session)).toThrow('not a Cellocator');
  });

  it('rejects a module that runs past the message', () => {
    const frame = Buffer.from(vector(4));
    frame.writeUInt16LE(0x0200, 214); // GPS module length beyond the message
    expect(() => decodeCellocator(sealed(frame), session)).toThrow('truncated');
  });
});

describe('cellocator decoder: fuzz', () => {
  it('survives 200 mutations of every vector, in the framer and the decoder', () => {
    const { mutants } = fuzzVectors('cellocator', cellocatorFramer, decodeCellocator);
    expect(mutants).toBe(vectors.length * 200);
  });
});
