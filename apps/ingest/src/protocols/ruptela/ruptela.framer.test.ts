import { describe, expect, it } from 'vitest';
import { loadVectors } from '../../testing/traccar-vectors';
import { frameOf } from '../../testing/vector-score';
import { ruptelaFramer } from './ruptela.framer';

const frames = loadVectors('ruptela').map(frameOf);
const hex = (list: Buffer[]) => list.map((f) => f.toString('hex'));

describe('ruptela framer', () => {
  for (const [i, frame] of frames.entries()) {
    it(`vector frame ${i}: one read, one byte at a time, and after garbage`, () => {
      expect(hex(ruptelaFramer().push(frame))).toEqual([frame.toString('hex')]);
      const framer = ruptelaFramer();
      const cut: Buffer[] = [];
      for (const byte of frame) cut.push(...framer.push(Buffer.from([byte])));
      expect(hex(cut)).toEqual([frame.toString('hex')]);
      const garbage = Buffer.from('ffff0001deadbeef000a', 'hex');
      expect(hex(ruptelaFramer().push(Buffer.concat([garbage, frame])))).toEqual([frame.toString('hex')]);
    });
  }

  it('cuts several packets from one read', () => {
    expect(hex(ruptelaFramer().push(Buffer.concat(frames)))).toEqual(hex(frames));
  });

  it('waits for the rest of a split packet and keeps what follows', () => {
    const [a, b] = [frames[1] as Buffer, frames[2] as Buffer];
    const framer = ruptelaFramer();
    expect(framer.push(a.subarray(0, 10))).toEqual([]);
    expect(hex(framer.push(Buffer.concat([a.subarray(10), b.subarray(0, 3)])))).toEqual([a.toString('hex')]);
    expect(hex(framer.push(b.subarray(3)))).toEqual([b.toString('hex')]);
  });

  it('skips a packet whose CRC does not match and finds the next one', () => {
    const corrupt = Buffer.from(frames[2] as Buffer);
    corrupt[20] = (corrupt[20] as number) ^ 0xff;
    const good = frames[3] as Buffer;
    expect(hex(ruptelaFramer().push(Buffer.concat([corrupt, good])))).toEqual([good.toString('hex')]);
  });
});
