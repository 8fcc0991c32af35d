import { describe, expect, it } from 'vitest';
import { loadVectors } from '../../testing/traccar-vectors';
import { frameOf } from '../../testing/vector-score';
import { dmtFramer } from './dmt.framer';

const frames = loadVectors('dmt').map(frameOf);
const hex = (list: Buffer[]) => list.map((f) => f.toString('hex'));

describe('dmt framer', () => {
  for (const [i, frame] of frames.entries()) {
    it(`vector frame ${i}: one read, one byte at a time, and after garbage`, () => {
      expect(hex(dmtFramer().push(frame))).toEqual([frame.toString('hex')]);
      const framer = dmtFramer();
      const cut: Buffer[] = [];
      for (const byte of frame) cut.push(...framer.push(Buffer.of(byte)));
      expect(hex(cut)).toEqual([frame.toString('hex')]);
      const garbage = Buffer.from('ff0202aa55', 'hex');
      expect(hex(dmtFramer().push(Buffer.concat([garbage, frame]))).at(-1)).toBe(frame.toString('hex'));
    });
  }

  it('cuts several frames from one read', () => {
    expect(hex(dmtFramer().push(Buffer.concat(frames)))).toEqual(hex(frames));
  });

  it('waits for the rest of a split frame and keeps what follows', () => {
    const [a, b] = [frames[1] as Buffer, frames[2] as Buffer];
    const framer = dmtFramer();
    expect(framer.push(a.subarray(0, 10))).toEqual([]);
    expect(hex(framer.push(Buffer.concat([a.subarray(10), b.subarray(0, 3)])))).toEqual([a.toString('hex')]);
    expect(hex(framer.push(b.subarray(3)))).toEqual([b.toString('hex')]);
  });

  it('skips a header announcing more than the largest frame', () => {
    const good = frames[0] as Buffer;
    expect(hex(dmtFramer().push(Buffer.concat([Buffer.from('025504ffff', 'hex'), good])))).toEqual([
      good.toString('hex'),
    ]);
  });
});
