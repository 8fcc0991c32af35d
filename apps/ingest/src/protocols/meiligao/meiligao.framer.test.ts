import { describe, expect, it } from 'vitest';
import { expectFrameCase, loadFrameCases } from '../../testing/protocol.test-kit';
import { MEILIGAO_MAX_FRAME, meiligaoFramer } from './meiligao.framer';

const hex = (frames: Buffer[]) => frames.map((f) => f.toString('hex'));
const LOGIN = '2424001113612345678fff500005d80d0a';
const ZERO_LENGTH = '24240000123456ffffffff50008b9b0d0a';

describe('meiligao framer: Traccar frame cases', () => {
  for (const c of loadFrameCases('meiligao')) {
    it(`case ${c.index}`, () => expectFrameCase(meiligaoFramer, c, Buffer.from('\x00\xff$@\r\n', 'latin1')));
  }
});

describe('meiligao framer', () => {
  it('cuts merged packets at their declared length, byte by byte too', () => {
    const input = Buffer.from(`00${LOGIN}${LOGIN}24`, 'hex');
    expect(hex(meiligaoFramer().push(input))).toEqual([LOGIN, LOGIN]);
    const framer = meiligaoFramer();
    const frames: Buffer[] = [];
    for (const byte of input) frames.push(...framer.push(Buffer.of(byte)));
    expect(hex(frames)).toEqual([LOGIN, LOGIN]);
    expect(framer.buffered).toBe(1);
  });

  it('ends a packet with a zero or wrong length at its first CR LF', () => {
    expect(hex(meiligaoFramer().push(Buffer.from(ZERO_LENGTH + LOGIN, 'hex')))).toEqual([ZERO_LENGTH, LOGIN]);
    const longer = Buffer.from(LOGIN, 'hex');
    longer.writeUInt16BE(0x12, 2); // one byte more than it has
    const framer = meiligaoFramer();
    expect(framer.push(longer)).toEqual([]);
    expect(hex(framer.push(Buffer.from(LOGIN, 'hex')))).toEqual([longer.toString('hex'), LOGIN]);
  });

  it('drops a packet that never ends and lines up again', () => {
    const framer = meiligaoFramer();
    expect(
      framer.push(Buffer.concat([Buffer.from('24240000', 'hex'), Buffer.alloc(MEILIGAO_MAX_FRAME + 10, 0x41)])),
    ).toEqual([]);
    expect(framer.buffered).toBeLessThanOrEqual(MEILIGAO_MAX_FRAME);
    expect(hex(framer.push(Buffer.from(LOGIN, 'hex')))).toEqual([LOGIN]);
  });
});
