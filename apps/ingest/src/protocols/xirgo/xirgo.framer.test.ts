import { describe, expect, it } from 'vitest';
import { XIRGO_MAX_FRAME, xirgoFramer } from './xirgo.framer';

const text = (frames: Buffer[]) => frames.map((f) => f.toString('latin1'));
const REPORT = '$$354660046140722,6001,2013/01/22,15:36:18,25.80907,-80.32531,7.1,19,165.2,11,0.8,11.1,17,1,1,3.9,2##';

describe('xirgo framer', () => {
  it('cuts merged reports at ## and keeps a split one until its end', () => {
    const framer = xirgoFramer();
    expect(text(framer.push(Buffer.from(`${REPORT}${REPORT}$$35466`)))).toEqual([REPORT, REPORT]);
    expect(text(framer.push(Buffer.from(`${REPORT.slice(7, -1)}`)))).toEqual([]);
    expect(text(framer.push(Buffer.from('#')))).toEqual([REPORT]);
  });

  it('frames a report fed byte by byte and drops an endless one', () => {
    const framer = xirgoFramer();
    const frames: Buffer[] = [];
    for (const byte of Buffer.from(REPORT)) frames.push(...framer.push(Buffer.of(byte)));
    expect(text(frames)).toEqual([REPORT]);
    expect(framer.push(Buffer.alloc(XIRGO_MAX_FRAME + 10, 0x41))).toEqual([]);
    expect(framer.buffered).toBeLessThanOrEqual(XIRGO_MAX_FRAME);
    expect(text(framer.push(Buffer.from(`##${REPORT}`)))).toEqual([REPORT]);
  });
});
