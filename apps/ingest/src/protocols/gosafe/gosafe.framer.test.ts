import { describe, expect, it } from 'vitest';
import { expectFrameCase, loadFrameCases } from '../../testing/protocol.test-kit';
import { GOSAFE_MAX_TEXT, gosafeFramer, unescapeGosafe } from './gosafe.framer';

const text = (frames: Buffer[]) => frames.map((f) => f.toString('latin1'));

describe('gosafe framer: Traccar frame cases', () => {
  for (const c of loadFrameCases('gosafe')) {
    it(`case ${c.index}`, () => expectFrameCase(gosafeFramer, c, Buffer.from('\x00\xff\x0d\x0ajunk')));
  }
});

describe('gosafe framer', () => {
  it('cuts merged text reports and waits for the closing #', () => {
    const framer = gosafeFramer();
    expect(text(framer.push(Buffer.from('xx*GS06,1,A#*GS06,2,B#*GS06,3')))).toEqual(['*GS06,1,A#', '*GS06,2,B#']);
    expect(text(framer.push(Buffer.from(',C#')))).toEqual(['*GS06,3,C#']);
  });

  it('undoes the binary escapes, split byte by byte', () => {
    const framer = gosafeFramer();
    const frames: Buffer[] = [];
    for (const byte of Buffer.from('f8011b00021be303f8', 'hex')) frames.push(...framer.push(Buffer.of(byte)));
    expect(frames.map((f) => f.toString('hex'))).toEqual(['f8011b02f803f8']);
    expect(unescapeGosafe(Buffer.from('1b', 'hex')).toString('hex')).toBe('1b');
  });

  it('drops an endless text report and lines up on the next one', () => {
    const framer = gosafeFramer();
    expect(framer.push(Buffer.concat([Buffer.from('*GS06,'), Buffer.alloc(GOSAFE_MAX_TEXT + 10, 0x41)]))).toEqual([]);
    expect(framer.buffered).toBeLessThanOrEqual(GOSAFE_MAX_TEXT);
    expect(text(framer.push(Buffer.from('*GS06,9,Z#')))).toEqual(['*GS06,9,Z#']);
  });
});
