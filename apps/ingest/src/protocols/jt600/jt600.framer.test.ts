import { describe, expect, it } from 'vitest';
import { expectFrameCase, loadFrameCases } from '../../testing/protocol.test-kit';
import { jt600Framer } from './jt600.framer';

const BINARY = Buffer.from('24312082002911001b171012053405243809970255335555000406140003ee2b91044d1f02', 'hex');
const TEXT = Buffer.from('(3301210003,U04)', 'latin1');
const hex = (frames: Buffer[]) => frames.map((f) => f.toString('hex'));

describe('jt600 framer', () => {
  for (const c of loadFrameCases('jt600')) {
    it(`cuts Traccar's framing case #${c.index}`, () => expectFrameCase(jt600Framer, c, Buffer.from('0d0a11', 'hex')));
  }

  it('cuts merged binary and text frames after garbage and keeps a split one', () => {
    const framer = jt600Framer();
    const input = Buffer.concat([Buffer.from('ff00', 'hex'), BINARY, TEXT, BINARY.subarray(0, 12)]);
    expect(hex(framer.push(input))).toEqual([BINARY.toString('hex'), TEXT.toString('hex')]);
    expect(hex(framer.push(BINARY.subarray(12)))).toEqual([BINARY.toString('hex')]);
    expect(framer.buffered).toBe(0);
  });

  it('undoes the = escapes of a text message', () => {
    const framer = jt600Framer();
    const escaped = Buffer.concat([Buffer.from('(1,X,'), Buffer.from('3d153d143d00', 'hex'), Buffer.from(')')]);
    expect(hex(framer.push(escaped))).toEqual([
      Buffer.concat([Buffer.from('(1,X,'), Buffer.from('28293d', 'hex'), Buffer.from(')')]).toString('hex'),
    ]);
  });

  it('skips a text start that never closes, within its bound', () => {
    const framer = jt600Framer();
    framer.push(Buffer.concat([Buffer.from('('), Buffer.alloc(3000, 0x41)]));
    expect(framer.buffered).toBeLessThan(2100);
  });
});
