import { describe, expect, it } from 'vitest';
import { expectFrameCase, loadFrameCases } from '../../testing/protocol.test-kit';
import { loadVectors } from '../../testing/traccar-vectors';
import { frameOf } from '../../testing/vector-score';
import { cellocatorFramer } from './cellocator.framer';

const cases = loadFrameCases('cellocator');
const frames = loadVectors('cellocator').map(frameOf);
const hex = (list: Buffer[]) => list.map((f) => f.toString('hex'));
const garbage = Buffer.from('MCGXMCG\x00MCGP\x55junk', 'latin1');

describe('cellocator framer', () => {
  for (const c of cases) {
    it(`Traccar framing case ${c.index}: one read, byte by byte, merged after garbage`, () => {
      expectFrameCase(cellocatorFramer, c, garbage);
    });
  }

  it('cuts every vector from one read after garbage, and byte by byte', () => {
    expect(hex(cellocatorFramer().push(Buffer.concat([garbage, ...frames])))).toEqual(hex(frames));
    const framer = cellocatorFramer();
    const cut: Buffer[] = [];
    for (const byte of Buffer.concat(frames)) cut.push(...framer.push(Buffer.of(byte)));
    expect(hex(cut)).toEqual(hex(frames));
  });

  it('skips a message whose checksum does not match and finds the next one', () => {
    const corrupt = Buffer.from(frames[1] as Buffer);
    corrupt[20] = (corrupt[20] as number) ^ 0x40;
    expect(hex(cellocatorFramer().push(Buffer.concat([corrupt, frames[2] as Buffer])))).toEqual([
      (frames[2] as Buffer).toString('hex'),
    ]);
  });
});
