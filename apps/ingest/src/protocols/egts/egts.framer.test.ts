import { describe, expect, it } from 'vitest';
import { expectFrameCase, loadFrameCases } from '../../testing/protocol.test-kit';
import { loadVectors } from '../../testing/traccar-vectors';
import { frameOf } from '../../testing/vector-score';
import { egtsFramer } from './egts.framer';

const cases = loadFrameCases('egts');
const frames = loadVectors('egts').map(frameOf);
const hex = (list: Buffer[]) => list.map((f) => f.toString('hex'));
// version bytes with impossible header lengths, and a header whose CRC-8 is wrong
const garbage = Buffer.from('01000a0b01000b00ff00000000000100ff', 'hex');

describe('egts framer', () => {
  for (const c of cases) {
    it(`Traccar framing case ${c.index}: one read, byte by byte, merged after garbage`, () => {
      expectFrameCase(egtsFramer, c, garbage);
    });
  }

  it('cuts every vector from one read after garbage, and byte by byte', () => {
    expect(hex(egtsFramer().push(Buffer.concat([garbage, ...frames])))).toEqual(hex(frames));
    const framer = egtsFramer();
    const cut: Buffer[] = [];
    for (const byte of Buffer.concat(frames)) cut.push(...framer.push(Buffer.of(byte)));
    expect(hex(cut)).toEqual(hex(frames));
  });

  it('skips a packet whose header CRC-8 does not match', () => {
    const corrupt = Buffer.from(frames[1] as Buffer);
    corrupt[5] = (corrupt[5] as number) ^ 0x01;
    const good = frames[2] as Buffer;
    expect(hex(egtsFramer().push(Buffer.concat([corrupt, good])))).toEqual([good.toString('hex')]);
  });
});
