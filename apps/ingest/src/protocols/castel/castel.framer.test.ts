import { describe, expect, it } from 'vitest';
import { castelFramer } from './castel.framer';

const HEARTBEAT = Buffer.from('40401f00043130303131313235323939383700000000000000100303320d0a', 'hex');
const DOLLAR = Buffer.from(
  '24243f00676e6768656636313031313132393030313734002001840d0000d2deb556020602100b35360456cf09e6ebac0200000000030000000001abc10d0a',
  'hex',
);
const hex = (frames: Buffer[]) => frames.map((f) => f.toString('hex'));

describe('castel framer', () => {
  it('cuts merged @@ and $$ frames after garbage and keeps a split one', () => {
    const framer = castelFramer();
    const input = Buffer.concat([Buffer.from('00404024241f', 'hex'), HEARTBEAT, DOLLAR, HEARTBEAT.subarray(0, 10)]);
    expect(hex(framer.push(input))).toEqual([HEARTBEAT.toString('hex'), DOLLAR.toString('hex')]);
    expect(hex(framer.push(HEARTBEAT.subarray(10)))).toEqual([HEARTBEAT.toString('hex')]);
    expect(framer.buffered).toBe(0);
  });

  it('frames a frame fed byte by byte', () => {
    const framer = castelFramer();
    const frames: Buffer[] = [];
    for (const byte of DOLLAR) frames.push(...framer.push(Buffer.of(byte)));
    expect(hex(frames)).toEqual([DOLLAR.toString('hex')]);
  });

  it('skips a header whose length is too small or whose frame does not end with CR LF', () => {
    const short = Buffer.from('40400500', 'hex');
    const noTail = Buffer.from(HEARTBEAT);
    noTail[noTail.length - 1] = 0;
    expect(hex(castelFramer().push(Buffer.concat([short, noTail, HEARTBEAT])))).toEqual([HEARTBEAT.toString('hex')]);
  });
});
