import { describe, expect, it } from 'vitest';
import { expectFrameCase, loadFrameCases } from '../../testing/protocol.test-kit';
import { JT808_MAX_FRAME, jt808Framer } from './jt808.framer';

const hex = (frames: Buffer[]) => frames.map((f) => f.toString('hex'));

describe('jt808 framer: Traccar frame cases', () => {
  for (const c of loadFrameCases('jt808')) {
    it(`case ${c.index}`, () => expectFrameCase(jt808Framer, c, Buffer.from('0102ffee', 'hex')));
  }
});

describe('jt808 framer', () => {
  it('unescapes, keeps the delimiters and cuts back-to-back frames', () => {
    const framer = jt808Framer();
    expect(hex(framer.push(Buffer.from('7e01027d017d027e7e0304', 'hex')))).toEqual(['7e01027d7e7e']);
    expect(hex(framer.push(Buffer.from('7e', 'hex')))).toEqual(['7e03047e']);
  });

  it('skips an empty 7E 7E pair and resynchronises after an endless frame', () => {
    const framer = jt808Framer();
    expect(hex(framer.push(Buffer.from('7e7e01027e', 'hex')))).toEqual(['7e01027e']);
    expect(framer.push(Buffer.concat([Buffer.of(0x7e), Buffer.alloc(JT808_MAX_FRAME + 10, 0x41)]))).toEqual([]);
    expect(hex(framer.push(Buffer.from('7e05067e', 'hex')))).toEqual(['7e05067e']);
  });
});
