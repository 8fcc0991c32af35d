import { describe, expect, it } from 'vitest';
import { minifinder2Framer } from './minifinder2.framer';

const FRAME = Buffer.from(
  'ab102c0039aac6020110013836313632393035303632353039380924dc37f36900427e5b0f2a404a8cba41a770ba506c61636531',
  'hex',
);
const ANSWER = Buffer.from('ab00030000000500' + '7f0100', 'hex');
const hex = (frames: Buffer[]) => frames.map((f) => f.toString('hex'));

describe('minifinder2 framer', () => {
  it('cuts merged frames after garbage and keeps a split one', () => {
    const framer = minifinder2Framer();
    const input = Buffer.concat([Buffer.from('00ff12', 'hex'), FRAME, ANSWER, FRAME.subarray(0, 10)]);
    expect(hex(framer.push(input))).toEqual([FRAME.toString('hex'), ANSWER.toString('hex')]);
    expect(hex(framer.push(FRAME.subarray(10)))).toEqual([FRAME.toString('hex')]);
  });

  it('frames a frame fed byte by byte and skips an empty one', () => {
    const framer = minifinder2Framer();
    const frames: Buffer[] = [];
    for (const byte of FRAME) frames.push(...framer.push(Buffer.of(byte)));
    expect(hex(frames)).toEqual([FRAME.toString('hex')]);
    expect(hex(minifinder2Framer().push(Buffer.concat([Buffer.from('ab00000000000000', 'hex'), ANSWER])))).toEqual([
      ANSWER.toString('hex'),
    ]);
  });
});
