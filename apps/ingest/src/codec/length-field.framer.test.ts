import { describe, expect, it } from 'vitest';
import { lengthFieldFramer } from './length-field.framer';

/** `$$` + 2-byte big-endian length of the whole frame + payload + 0x0D0A, as several text-binary protocols frame. */
const dollar = lengthFieldFramer({
  header: Buffer.from('$$'),
  lengthOffset: 2,
  lengthSize: 2,
  lengthAdjustment: 0,
  maxFrame: 1024,
  accept: (frame) => frame[frame.length - 2] === 0x0d && frame[frame.length - 1] === 0x0a,
});
const frameOf = (payload: string) => {
  const body = Buffer.from(payload, 'latin1');
  const out = Buffer.alloc(body.length + 6);
  out.write('$$', 0, 'latin1');
  out.writeUInt16BE(out.length, 2);
  body.copy(out, 4);
  out.write('\r\n', out.length - 2, 'latin1');
  return out;
};

describe('length-field framer', () => {
  it('cuts whole frames from one read, byte by byte and after garbage', () => {
    const a = frameOf('first');
    const b = frameOf('second, a little longer');
    expect(dollar().push(Buffer.concat([a, b]))).toEqual([a, b]);
    const framer = dollar();
    const cut: Buffer[] = [];
    for (const byte of Buffer.concat([Buffer.from('xx$'), a, b])) cut.push(...framer.push(Buffer.of(byte)));
    expect(cut).toEqual([a, b]);
    expect(framer.buffered).toBe(0);
  });

  it('takes a lying length or a missing trailer for a false start and finds the next frame', () => {
    const good = frameOf('good');
    const liar = Buffer.from(good);
    liar.writeUInt16BE(9, 2); // says 9 bytes: no CRLF there
    const tooLong = Buffer.from('$$\xff\xff', 'latin1');
    expect(dollar().push(Buffer.concat([liar, tooLong, good]))).toEqual([good]);
  });

  it('counts the length from the field on by default, little-endian when asked, and waits for the rest', () => {
    // 0xAA, 1-byte type, 2-byte LE length of what follows the field
    const framer = lengthFieldFramer({
      header: Buffer.of(0xaa),
      lengthOffset: 2,
      lengthSize: 2,
      littleEndian: true,
      maxFrame: 64,
    });
    const frame = Buffer.of(0xaa, 0x01, 0x03, 0x00, 0x10, 0x20, 0x30);
    const instance = framer();
    expect(instance.push(frame.subarray(0, 5))).toEqual([]);
    expect(instance.buffered).toBe(5);
    expect(instance.push(frame.subarray(5))).toEqual([frame]);
  });

  it('keeps no more than its largest frame while a header promises more than ever comes', () => {
    const framer = dollar();
    const opening = Buffer.from('$$\x03\xff', 'latin1'); // 1023 bytes promised
    framer.push(opening);
    for (let i = 0; i < 50; i++) framer.push(Buffer.alloc(100, 0x41));
    expect(framer.buffered).toBeLessThanOrEqual(1024 + 100);
  });
});
