import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { teltonikaFramer } from './teltonika.framer';

interface FrameCase {
  index: number;
  input: string;
  expect_frame: string | null;
}

const cases = readFileSync(
  fileURLToPath(new URL('../../../fixtures/traccar-vectors/frames/teltonika.jsonl', import.meta.url)),
  'utf8',
)
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line) as FrameCase);

const hex = (frames: Buffer[]) => frames.map((f) => f.toString('hex'));
const login = Buffer.from('000f313233343536373839303132333435', 'hex');
const avl = Buffer.from(
  '000000000000004508010000015eb70a86d00024089d4d21dee3860137005f12005f000e06ef01f00150011503c800450108b5000bb6000642382718005fcd057ace19d3430f57440000000001000002bf',
  'hex',
);
const response = Buffer.from(
  '000000000000002d0c01060000002523464d323d3236323033323736313732313339362c32363230332c30372e30322e30350d0a0100009a2e',
  'hex',
);

describe('teltonika framer: Traccar frame cases', () => {
  for (const c of cases) {
    const input = Buffer.from(c.input, 'hex');
    it(`case ${c.index}: one read`, () => {
      expect(teltonikaFramer().push(input)[0]?.toString('hex') ?? null).toBe(c.expect_frame);
    });
    it(`case ${c.index}: one byte at a time`, () => {
      const framer = teltonikaFramer();
      const frames: Buffer[] = [];
      for (const byte of input) frames.push(...framer.push(Buffer.from([byte])));
      expect(frames[0]?.toString('hex') ?? null).toBe(c.expect_frame);
    });
    it(`case ${c.index}: garbage first, then three copies in one read`, () => {
      const once = hex(teltonikaFramer().push(input));
      const garbage = Buffer.from('1234000000000000000000000000', 'hex');
      const frames = teltonikaFramer().push(Buffer.concat([garbage, input, input, input]));
      expect(hex(frames)).toEqual([...once, ...once, ...once]);
      expect(frames[0]?.toString('hex')).toBe(c.expect_frame ?? undefined);
    });
  }
});

describe('teltonika framer', () => {
  it('cuts a login, an AVL packet, a keep-alive and a command response from one read', () => {
    const frames = teltonikaFramer().push(Buffer.concat([login, avl, Buffer.from([0xff]), response]));
    expect(hex(frames)).toEqual([login, avl, Buffer.from([0xff]), response].map((f) => f.toString('hex')));
  });

  it('waits for the rest of a split packet, one byte at a time', () => {
    const framer = teltonikaFramer();
    const frames: Buffer[] = [];
    for (let i = 0; i < avl.length - 1; i++) frames.push(...framer.push(avl.subarray(i, i + 1)));
    expect(frames).toEqual([]);
    expect(hex(framer.push(avl.subarray(avl.length - 1)))).toEqual([avl.toString('hex')]);
  });

  it('skips garbage and a packet whose record counts disagree, and resynchronises', () => {
    const broken = Buffer.from(avl);
    broken[9] = 7; // opening count no longer matches the closing one
    const garbage = Buffer.from('deadbeef00000000000000ffff0003', 'hex');
    const frames = teltonikaFramer().push(Buffer.concat([garbage, broken, login, avl]));
    expect(hex(frames).filter((f) => f !== 'ff')).toEqual([login.toString('hex'), avl.toString('hex')]);
  });

  it('drops an implausible length instead of buffering it (stray 0xFF bytes read as keep-alives)', () => {
    const huge = Buffer.from('0000000000ffffff08', 'hex');
    const frames = hex(teltonikaFramer().push(Buffer.concat([huge, avl])));
    expect(frames.filter((f) => f !== 'ff')).toEqual([avl.toString('hex')]);
  });
});
