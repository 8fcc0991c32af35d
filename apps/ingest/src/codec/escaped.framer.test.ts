import { describe, expect, it } from 'vitest';
import { escapeBytes, escapedFramer, unescapeBytes } from './escaped.framer';

const escapes = { 1: 0x7d, 2: 0x7e } as const;
const framer = escapedFramer({ flag: 0x7e, escape: 0x7d, escapes, maxFrame: 64 });
const hex = (frames: Buffer[]) => frames.map((f) => f.toString('hex'));

describe('escaped (start/stop) framer', () => {
  it('hands on each frame with its flags, unescaped, from one read or byte by byte', () => {
    const wire = Buffer.from('0011' + '7e01027d017d02037e' + '7e04057e', 'hex');
    expect(hex(framer().push(wire))).toEqual(['7e01027d7e037e', '7e04057e']);
    const instance = framer();
    const frames: Buffer[] = [];
    for (const byte of wire) frames.push(...instance.push(Buffer.of(byte)));
    expect(hex(frames)).toEqual(['7e01027d7e037e', '7e04057e']);
    expect(instance.buffered).toBe(0);
  });

  it('skips a flag pair, and drops a frame past its limit to line up at the next flag', () => {
    const long = Buffer.concat([Buffer.of(0x7e), Buffer.alloc(80, 0x33), Buffer.of(0x7e)]);
    expect(
      hex(framer().push(Buffer.concat([Buffer.from('7e7e0a7e', 'hex'), long, Buffer.from('7e0b7e', 'hex')]))),
    ).toEqual(['7e0a7e', '7e0b7e']);
  });

  it('keeps at most one frame while the closing flag never comes', () => {
    const instance = framer();
    instance.push(Buffer.of(0x7e));
    for (let i = 0; i < 20; i++) instance.push(Buffer.alloc(30, 0x44));
    expect(instance.buffered).toBeLessThanOrEqual(64);
  });

  it('escapes what unescaping reads back', () => {
    const bytes = Buffer.from('007e7d7e7d01', 'hex');
    const sent = escapeBytes(bytes, 0x7d, escapes);
    expect(sent.toString('hex')).toBe('007d027d017d027d0101');
    expect(unescapeBytes(sent, 0x7d, escapes)).toEqual(bytes);
  });
});
