import { describe, expect, it } from 'vitest';
import { expectFrameCase, loadFrameCases } from '../../testing/protocol.test-kit';
import { loadVectors } from '../../testing/traccar-vectors';
import { frameOf } from '../../testing/vector-score';
import { startekFramer } from './startek.framer';

const cases = loadFrameCases('startek');
const frames = loadVectors('startek').map(frameOf);
const hex = (list: Buffer[]) => list.map((f) => f.toString('hex'));
const garbage = Buffer.from('&&x9,\r\n&&&junk,12\r\n', 'latin1');

describe('startek framer', () => {
  for (const c of cases) {
    it(`Traccar framing case ${c.index}: one read, byte by byte, merged after garbage`, () => {
      expectFrameCase(startekFramer, c, garbage);
    });
  }

  it('cuts every vector from one read, after garbage', () => {
    expect(hex(startekFramer().push(Buffer.concat([garbage, ...frames])))).toEqual(hex(frames));
  });

  it('waits for the rest of a split frame', () => {
    const [a, b] = [frames[0] as Buffer, frames[1] as Buffer];
    const framer = startekFramer();
    expect(framer.push(a.subarray(0, 40))).toEqual([]);
    expect(hex(framer.push(Buffer.concat([a.subarray(40), b.subarray(0, 4)])))).toEqual([a.toString('hex')]);
    expect(hex(framer.push(b.subarray(4)))).toEqual([b.toString('hex')]);
  });

  it('skips a frame whose checksum does not match and finds the next one', () => {
    const corrupt = Buffer.from(frames[0] as Buffer);
    corrupt[30] = 0x31 + ((corrupt[30] as number) === 0x31 ? 1 : 0);
    expect(hex(startekFramer().push(Buffer.concat([corrupt, frames[1] as Buffer])))).toEqual([
      (frames[1] as Buffer).toString('hex'),
    ]);
  });
});
