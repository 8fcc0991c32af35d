import { describe, expect, it } from 'vitest';
import { expectFrameCase, loadFrameCases } from '../../testing/protocol.test-kit';
import { WATCH_MAX_FRAME, watchFramer } from './watch.framer';

const text = (frames: Buffer[]) => frames.map((f) => f.toString('latin1'));

describe('watch framer: Traccar frame cases', () => {
  for (const c of loadFrameCases('watch')) {
    it(`case ${c.index}`, () => expectFrameCase(watchFramer, c, Buffer.from('\x00\xffjunk]')));
  }
});

describe('watch framer', () => {
  it('cuts by the length field and unescapes binary content', () => {
    const framer = watchFramer();
    const input = Buffer.concat([Buffer.from('[CS*1*0004*TK,'), Buffer.of(0x7d, 0x03), Buffer.from(']')]);
    expect(framer.push(input).map((f) => f.toString('hex'))).toEqual([Buffer.from('[CS*1*0004*TK,]]').toString('hex')]);
  });

  it('falls back to the first ] when the length is wrong', () => {
    expect(text(watchFramer().push(Buffer.from('[3G*1*0009*LK][3G*1*0002*LK]')))).toEqual([
      '[3G*1*0009*LK]',
      '[3G*1*0002*LK]',
    ]);
  });

  it('skips a bracket without a header and drops an endless frame', () => {
    const framer = watchFramer();
    expect(text(framer.push(Buffer.from('[x][3G*1*0002*LK]')))).toEqual(['[3G*1*0002*LK]']);
    expect(framer.push(Buffer.concat([Buffer.from('[3G*1*FFFF*'), Buffer.alloc(WATCH_MAX_FRAME, 0x41)]))).toEqual([]);
    expect(text(framer.push(Buffer.from('[3G*1*0002*LK]')))).toEqual(['[3G*1*0002*LK]']);
  });
});
