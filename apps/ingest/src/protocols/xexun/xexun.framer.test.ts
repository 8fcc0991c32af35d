import { describe, expect, it } from 'vitest';
import { expectFrameCase, loadFrameCases } from '../../testing/protocol.test-kit';
import { XEXUN_MAX_FRAME, xexunFramer } from './xexun.framer';

const text = (frames: Buffer[]) => frames.map((f) => f.toString('latin1'));
const SENTENCE = 'GPRMC,215853.000,A,5304.9600,N,6.7907,E,1.43,80.67,250216,00,0000.0,A*47,F,,imei:351525018007873,';

describe('xexun framer: Traccar frame cases', () => {
  for (const c of loadFrameCases('xexun')) {
    it(`case ${c.index}`, () => expectFrameCase(xexunFramer, c, Buffer.from('\x00\xffGPjunk,imei')));
  }
});

describe('xexun framer', () => {
  it('cuts merged reports, drops what is around them and waits for the IMEI comma', () => {
    const framer = xexunFramer();
    const input = `151012145959,+3165,${SENTENCE}12,4.5,F:4.1V\r\n${SENTENCE}GNRMC,1`;
    expect(text(framer.push(Buffer.from(input)))).toEqual([SENTENCE, SENTENCE]);
    expect(framer.push(Buffer.from(SENTENCE.slice(6, -1)))).toEqual([]);
    expect(text(framer.push(Buffer.from(',')))).toEqual([`GNRMC,1${SENTENCE.slice(6)}`]);
  });

  it('restarts at a new sentence and drops an endless one', () => {
    const framer = xexunFramer();
    expect(text(framer.push(Buffer.from(`GPRMC,1,2,3${SENTENCE}`)))).toEqual([SENTENCE]);
    expect(framer.push(Buffer.concat([Buffer.from('GPRMC'), Buffer.alloc(XEXUN_MAX_FRAME + 10, 0x41)]))).toEqual([]);
    expect(framer.buffered).toBeLessThanOrEqual(XEXUN_MAX_FRAME);
    expect(text(framer.push(Buffer.from(SENTENCE)))).toEqual([SENTENCE]);
  });
});
