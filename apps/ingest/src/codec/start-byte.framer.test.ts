import { describe, expect, it } from 'vitest';
import { SKIP_START, type StartCut, startByteFramer } from './start-byte.framer';

const text = (frames: Buffer[]) => frames.map((f) => f.toString('latin1'));

/** `<` … `>`; a `<!` is a false start. */
function cutAngle(buffer: Buffer): StartCut {
  if (buffer[1] === 0x21) return SKIP_START;
  const close = buffer.indexOf(0x3e);
  if (close < 0) return 'wait';
  return { frame: Buffer.from(buffer.subarray(0, close + 1)), consumed: close + 1 };
}

describe('startByteFramer', () => {
  const angles = startByteFramer(0x3c, 8, cutAngle);

  it('drops garbage before the start byte and joins a frame split across reads', () => {
    const framer = angles();
    expect(text(framer.push(Buffer.from('xx<ab')))).toEqual([]);
    expect(text(framer.push(Buffer.from('c>yy<d')))).toEqual(['<abc>']);
    expect(text(framer.push(Buffer.from('>')))).toEqual(['<d>']);
  });

  it('goes on after a false start', () => {
    expect(text(angles().push(Buffer.from('<!<a>')))).toEqual(['<a>']);
  });

  it('gives up a frame left open past the limit and lines up at the next start byte', () => {
    const framer = angles();
    expect(text(framer.push(Buffer.from('<123456789')))).toEqual([]);
    expect(text(framer.push(Buffer.from('<ok>')))).toEqual(['<ok>']);
  });
});
