import { describe, expect, it } from 'vitest';
import { expectFrameCase, loadFrameCases } from '../../testing/protocol.test-kit';
import { MEGASTEK_MAX_FRAME, megastekFramer } from './megastek.framer';

const text = (frames: Buffer[]) => frames.map((f) => f.toString('latin1'));

describe('megastek framer: Traccar frame cases', () => {
  for (const c of loadFrameCases('megastek')) {
    it(`case ${c.index}`, () => expectFrameCase(megastekFramer, c, Buffer.from('\u0000junk\r\n')));
  }
});

describe('megastek framer', () => {
  it('cuts length-prefixed reports and lines, split or merged', () => {
    const framer = megastekFramer();
    expect(text(framer.push(Buffer.from('0005$AB;!0004$C;!$MGV002,1;!\r')))).toEqual(['0005$AB;!', '0004$C;!']);
    expect(text(framer.push(Buffer.from('\nSTX,1,$GPRMC;00\ncmd=a')))).toEqual(['$MGV002,1;!', 'STX,1,$GPRMC;00']);
    expect(text(framer.push(Buffer.from('id\n')))).toEqual(['cmd=aid']);
  });

  it('waits for a whole length-prefixed report, stops it at a line end, drops an endless line', () => {
    const framer = megastekFramer();
    expect(framer.push(Buffer.from('0009$MGV'))).toEqual([]);
    expect(text(framer.push(Buffer.from('002;!xx')))).toEqual(['0009$MGV002;!']);
    expect(text(megastekFramer().push(Buffer.from('0099$MG;!\r\n$MGV002;!\n' + ' '.repeat(90))))).toEqual([
      '0099$MG;!',
      '$MGV002;!',
    ]);
    const long = megastekFramer();
    expect(long.push(Buffer.alloc(MEGASTEK_MAX_FRAME + 10, 0x41))).toEqual([]);
    expect(long.buffered).toBe(0);
    expect(text(long.push(Buffer.from('AAA\n$MGV002;!\n')))).toEqual(['$MGV002;!']);
  });
});
