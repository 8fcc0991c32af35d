import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { h02Framer } from './h02.framer';

interface FrameCase {
  index: number;
  input: string;
  expect_frame: string | null;
}

const cases = readFileSync(
  fileURLToPath(new URL('../../../fixtures/traccar-vectors/frames/h02.jsonl', import.meta.url)),
  'utf8',
)
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line) as FrameCase);

const hex = (frames: Buffer[]) => frames.map((f) => f.toString('hex'));
const bytewise = (framer: ReturnType<typeof h02Framer>, input: Buffer) => {
  const frames: Buffer[] = [];
  for (const byte of input) frames.push(...framer.push(Buffer.from([byte])));
  return frames;
};

describe('h02 framer: Traccar frame cases', () => {
  for (const c of cases) {
    const input = Buffer.from(c.input, 'hex');
    const binary = input[0] === 0x24;
    it(`case ${c.index}: one read`, () => {
      expect(h02Framer().push(input)[0]?.toString('hex') ?? null).toBe(c.expect_frame);
    });
    it(`case ${c.index}: split reads`, () => {
      const framer = h02Framer();
      if (binary) {
        // A binary report's length is learnt from the first one; later ones may arrive a byte at a time.
        expect(
          hex(framer.push(Buffer.concat([input.subarray(0, 20)]))).concat(hex(framer.push(input.subarray(20))))[0],
        ).toBe(c.expect_frame);
      }
      expect(hex(bytewise(framer, input))[0] ?? null).toBe(c.expect_frame);
    });
    it(`case ${c.index}: garbage first, then several frames in one read`, () => {
      const frames = hex(h02Framer().push(Buffer.concat([Buffer.from('\r\n#junk'), input, input, input])));
      expect(frames.filter((f) => f === c.expect_frame).length).toBeGreaterThanOrEqual(3);
      expect(frames[0]).toBe(c.expect_frame);
    });
  }
});

describe('h02 framer', () => {
  it('keeps a text sentence split across reads and drops its line break', () => {
    const framer = h02Framer();
    expect(framer.push(Buffer.from('*HQ,123,V1,0'))).toEqual([]);
    expect(framer.push(Buffer.from('1#\r\n*HQ,1'))).toEqual([Buffer.from('*HQ,123,V1,01#')]);
    expect(framer.push(Buffer.from('23,HTBT#'))).toEqual([Buffer.from('*HQ,123,HTBT#')]);
  });

  it('stays bounded when no sentence ends', () => {
    const framer = h02Framer();
    expect(framer.push(Buffer.concat([Buffer.from('*'), Buffer.alloc(20_000, 0x41)]))).toEqual([]);
    expect(framer.push(Buffer.from('*HQ,1,HTBT#'))).toEqual([Buffer.from('*HQ,1,HTBT#')]);
  });
});

describe('h02 framer on a stream of start markers', () => {
  it('keeps at most one frame plus one read and takes linear time (2000 reads of 1460 bytes of 0x2a)', () => {
    const framer = h02Framer();
    const chunk = Buffer.alloc(1460, 0x2a);
    let largest = 0;
    const started = process.cpuUsage();
    for (let i = 0; i < 2000; i++) {
      framer.push(chunk);
      largest = Math.max(largest, framer.buffered);
    }
    const used = process.cpuUsage(started);
    const ms = (used.user + used.system) / 1000;
    console.info(`h02 framer: 2852 KiB of start markers, largest buffer ${largest} bytes, ${ms.toFixed(0)} ms CPU`);
    expect(largest).toBeLessThanOrEqual(8192 + 1460);
    expect(ms).toBeLessThan(1000);
  });
});
