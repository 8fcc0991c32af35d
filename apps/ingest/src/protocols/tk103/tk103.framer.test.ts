import { describe, expect, it } from 'vitest';
import { expectFrameCase, loadFrameCases } from '../../testing/protocol.test-kit';
import { TK103_MAX_FRAME, tk103Framer } from './tk103.framer';

const text = (frames: Buffer[]) => frames.map((f) => f.toString('latin1'));

describe('tk103 framer: Traccar frame cases', () => {
  for (const c of loadFrameCases('tk103')) {
    it(`case ${c.index}`, () => expectFrameCase(tk103Framer, c, Buffer.from('\x00\xffjunk)')));
  }
});

describe('tk103 framer', () => {
  it('keeps parentheses inside $free text$ and cuts merged frames', () => {
    const framer = tk103Framer();
    const input = '(1,ZC03,010101,000000,$a (b) c$)(2BP00HSO)(3BP';
    expect(text(framer.push(Buffer.from(input)))).toEqual(['(1,ZC03,010101,000000,$a (b) c$)', '(2BP00HSO)']);
    expect(text(framer.push(Buffer.from('00)')))).toEqual(['(3BP00)']);
  });

  it('restarts at a new ( and drops an endless frame', () => {
    const framer = tk103Framer();
    expect(text(framer.push(Buffer.from('(12(34BP00)')))).toEqual(['(34BP00)']);
    expect(framer.push(Buffer.concat([Buffer.from('('), Buffer.alloc(TK103_MAX_FRAME + 10, 0x41)]))).toEqual([]);
    expect(text(framer.push(Buffer.from('(5BP00)')))).toEqual(['(5BP00)']);
  });
});
