import { describe, expect, it } from 'vitest';
import { eelinkFramer } from './eelink.framer';

const LOGIN = Buffer.from('676701000c007b03525440717505180104', 'hex');
const HEARTBEAT = Buffer.from('6767030004001a0077', 'hex');
const hex = (frames: Buffer[]) => frames.map((f) => f.toString('hex'));

describe('eelink framer', () => {
  it('cuts merged packets after garbage and keeps a split one', () => {
    const framer = eelinkFramer();
    const input = Buffer.concat([Buffer.from('00ff6700', 'hex'), LOGIN, HEARTBEAT, HEARTBEAT.subarray(0, 4)]);
    expect(hex(framer.push(input))).toEqual([LOGIN.toString('hex'), HEARTBEAT.toString('hex')]);
    expect(hex(framer.push(HEARTBEAT.subarray(4)))).toEqual([HEARTBEAT.toString('hex')]);
  });

  it('frames a packet fed byte by byte', () => {
    const framer = eelinkFramer();
    const frames: Buffer[] = [];
    for (const byte of LOGIN) frames.push(...framer.push(Buffer.of(byte)));
    expect(hex(frames)).toEqual([LOGIN.toString('hex')]);
    expect(framer.buffered).toBe(0);
  });

  it('skips a header whose length cannot hold an index', () => {
    expect(hex(eelinkFramer().push(Buffer.concat([Buffer.from('6767030000', 'hex'), HEARTBEAT])))).toEqual([
      HEARTBEAT.toString('hex'),
    ]);
  });
});
