import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { gl200Framer } from './gl200.framer';

interface FrameCase {
  index: number;
  input: string;
  expect_frame: string | null;
}

const cases = readFileSync(
  fileURLToPath(new URL('../../../fixtures/traccar-vectors/frames/gl200.jsonl', import.meta.url)),
  'utf8',
)
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line) as FrameCase);

const hex = (frames: Buffer[]) => frames.map((f) => f.toString('hex'));
const text = (frames: Buffer[]) => frames.map((f) => f.toString('latin1'));

describe('gl200 framer: Traccar frame cases', () => {
  for (const c of cases) {
    const input = Buffer.from(c.input, 'hex');
    it(`case ${c.index}: one read`, () => {
      expect(gl200Framer().push(input)[0]?.toString('hex') ?? null).toBe(c.expect_frame);
    });
    it(`case ${c.index}: one byte at a time`, () => {
      const framer = gl200Framer();
      const frames: Buffer[] = [];
      for (const byte of input) frames.push(...framer.push(Buffer.from([byte])));
      expect(frames[0]?.toString('hex') ?? null).toBe(c.expect_frame);
    });
    it(`case ${c.index}: garbage first, then three frames in one read`, () => {
      const garbage = Buffer.from('00ff2b2b0a2b5a', 'hex');
      const frames = gl200Framer().push(Buffer.concat([garbage, input, input, input]));
      expect(hex(frames).slice(0, 3)).toEqual([c.expect_frame, c.expect_frame, c.expect_frame]);
    });
  }
});

describe('gl200 framer', () => {
  const binary = Buffer.from(cases[2]?.input ?? '', 'hex'); // +EVT, 92 bytes

  it('cuts text messages at their $ and keeps binary ones whole, in any mix', () => {
    const framer = gl200Framer();
    const chunk = Buffer.concat([
      Buffer.from('+ACK:GTHBD,1A0401,135790246811220,,20100214093254,11F0$\r\n', 'latin1'),
      binary,
      Buffer.from('+RESP:GTPFA,F50201,866425030235982,GL300M,20190208124849,0BD4$+BUFF:GTP', 'latin1'),
    ]);
    const frames = framer.push(chunk);
    expect(frames).toHaveLength(3);
    expect(frames[0]?.toString('latin1')).toBe('+ACK:GTHBD,1A0401,135790246811220,,20100214093254,11F0');
    expect(frames[1]?.equals(binary)).toBe(true);
    expect(frames[2]?.toString('latin1')).toMatch(/^\+RESP:GTPFA,.*0BD4$/);
    expect(text(framer.push(Buffer.from('NA,F50201,1,,20190208124849,0BD5$', 'latin1')))).toEqual([
      '+BUFF:GTPNA,F50201,1,,20190208124849,0BD5',
    ]);
  });

  it('waits for the rest of a binary frame split across reads', () => {
    const framer = gl200Framer();
    expect(framer.push(binary.subarray(0, 5))).toEqual([]);
    expect(framer.push(binary.subarray(5, 60))).toEqual([]);
    expect(hex(framer.push(binary.subarray(60)))).toEqual([binary.toString('hex')]);
  });

  it('drops a binary header with an impossible length and resynchronises', () => {
    const bad = Buffer.from('2b52535007000000000003', 'hex'); // +RSP declaring 3 bytes
    const frames = gl200Framer().push(Buffer.concat([bad, binary]));
    expect(hex(frames)).toEqual([binary.toString('hex')]);
  });

  it('drops an over-long text message and keeps its buffer bounded', () => {
    const framer = gl200Framer();
    expect(framer.push(Buffer.from(`+RESP:GTFRI,${'1,'.repeat(10_000)}`, 'latin1'))).toEqual([]);
    expect(framer.push(Buffer.from('2,'.repeat(10_000), 'latin1'))).toEqual([]);
    expect(text(framer.push(Buffer.from('3$+RESP:GTPFA,F50201,1,,20190208124849,0BD4$', 'latin1')))).toEqual([
      '+RESP:GTPFA,F50201,1,,20190208124849,0BD4',
    ]);
  });

  it('never throws on random bytes', () => {
    const framer = gl200Framer();
    let seed = 7;
    for (let i = 0; i < 500; i++) {
      const chunk = Buffer.alloc(97);
      for (let j = 0; j < chunk.length; j++) {
        seed = (seed * 1103515245 + 12345) >>> 0;
        chunk[j] = j % 11 === 0 ? 0x2b : seed >>> 24;
      }
      for (const frame of framer.push(chunk)) expect(frame.length).toBeLessThanOrEqual(65_535);
    }
  });
});
