import { describe, expect, it } from 'vitest';
import { delimiterFramer } from './delimiter.framer';

const text = (frames: Buffer[]) => frames.map((f) => f.toString('latin1'));

describe('delimiterFramer', () => {
  const lines = delimiterFramer({ delimiters: ['\r\n', '\n'], maxFrameLength: 16 });

  it('joins a frame split across reads', () => {
    const framer = lines();
    expect(text(framer.push(Buffer.from('LOG')))).toEqual([]);
    expect(text(framer.push(Buffer.from('IN,12')))).toEqual([]);
    expect(text(framer.push(Buffer.from('3\r')))).toEqual([]);
    expect(text(framer.push(Buffer.from('\nPOS')))).toEqual(['LOGIN,123']);
    expect(text(framer.push(Buffer.from('\n')))).toEqual(['POS']);
  });

  it('cuts several frames merged in one read, keeping the remainder', () => {
    const framer = lines();
    expect(text(framer.push(Buffer.from('A\nB\r\n\nC\nD')))).toEqual(['A', 'B', 'C']);
    expect(text(framer.push(Buffer.from('\n')))).toEqual(['D']);
  });

  it('drops an over-long run and resynchronises at the next delimiter', () => {
    const framer = lines();
    expect(framer.push(Buffer.alloc(40, 0x41))).toEqual([]);
    expect(text(framer.push(Buffer.from('AAAA\nOK\n')))).toEqual(['OK']);
  });

  it('never throws on binary garbage and keeps its buffer bounded', () => {
    const framer = lines();
    for (let i = 0; i < 100; i++) {
      const garbage = Buffer.from(Array.from({ length: 64 }, (_, j) => (i * 31 + j * 7) % 256));
      for (const frame of framer.push(garbage)) expect(frame.length).toBeLessThanOrEqual(16);
    }
    expect(text(framer.push(Buffer.from('\nfine\n'))).at(-1)).toBe('fine');
  });

  it('can keep the delimiter', () => {
    const framer = delimiterFramer({ delimiters: ['#'], maxFrameLength: 100, includeDelimiter: true })();
    expect(text(framer.push(Buffer.from('*HQ,1#*HQ,2#')))).toEqual(['*HQ,1#', '*HQ,2#']);
  });
});

describe('delimiter framer on a stream of delimiters', () => {
  it('finds each delimiter once: 1 MiB of empty frames costs linear time', () => {
    const framer = delimiterFramer({ delimiters: ['\r\n', '\n', ';', '*'], maxFrameLength: 2048 })();
    // 64 KiB reads: a search from the start of the read for every frame would cost 64 KiB per byte
    const chunk = Buffer.alloc(64 * 1024, '*');
    const started = process.cpuUsage();
    for (let i = 0; i < 16; i++) framer.push(chunk);
    const used = process.cpuUsage(started);
    const ms = (used.user + used.system) / 1000;
    console.info(`delimiter framer: 1 MiB of '*' in ${ms.toFixed(0)} ms CPU`);
    expect(framer.buffered).toBe(0);
    expect(ms).toBeLessThan(600);
  });
});
