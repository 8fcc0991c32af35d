import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { gt06Framer } from './gt06.framer';

interface FrameCase {
  index: number;
  input: string;
  expect_frame: string | null;
}

const cases = readFileSync(
  fileURLToPath(new URL('../../../fixtures/traccar-vectors/frames/gt06.jsonl', import.meta.url)),
  'utf8',
)
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line) as FrameCase);

const hex = (frames: Buffer[]) => frames.map((f) => f.toString('hex'));

describe('gt06 framer: Traccar frame cases', () => {
  for (const c of cases) {
    const input = Buffer.from(c.input, 'hex');
    it(`case ${c.index}: one read`, () => {
      const frames = gt06Framer().push(input);
      expect(frames[0]?.toString('hex') ?? null).toBe(c.expect_frame);
    });
    it(`case ${c.index}: one byte at a time`, () => {
      const framer = gt06Framer();
      const frames: Buffer[] = [];
      for (const byte of input) frames.push(...framer.push(Buffer.from([byte])));
      expect(frames[0]?.toString('hex') ?? null).toBe(c.expect_frame);
    });
    it(`case ${c.index}: garbage first, then three frames in one read`, () => {
      const garbage = Buffer.from('00ff7812340d0a79', 'hex');
      const frames = gt06Framer().push(Buffer.concat([garbage, input, input, input]));
      expect(hex(frames).slice(0, 3)).toEqual([c.expect_frame, c.expect_frame, c.expect_frame]);
    });
  }
});

describe('gt06 framer', () => {
  const login = Buffer.from('78780d010352887071911998000479d00d0a', 'hex');
  const status = Buffer.from('78780a13440604000201baaf540d0a', 'hex');

  it('waits for the rest of a split frame and keeps what follows', () => {
    const framer = gt06Framer();
    expect(framer.push(login.subarray(0, 7))).toEqual([]);
    expect(hex(framer.push(Buffer.concat([login.subarray(7), status.subarray(0, 4)])))).toEqual([
      login.toString('hex'),
    ]);
    expect(hex(framer.push(status.subarray(4)))).toEqual([status.toString('hex')]);
  });

  it('cuts a frame whose length field is wrong at CR LF', () => {
    const wifi = Buffer.from('787800691710231108500200cc080c4e2fa5640c4e2fa66e0d0a', 'hex');
    expect(hex(gt06Framer().push(Buffer.concat([wifi, login])))).toEqual([wifi.toString('hex'), login.toString('hex')]);
  });

  it('stays bounded on endless garbage and resynchronises on the next frame', () => {
    const framer = gt06Framer();
    const noise = Buffer.alloc(200_000, 0x55);
    expect(framer.push(noise)).toEqual([]);
    const fake = Buffer.alloc(70_000, 0x11);
    fake.writeUInt16BE(0x7979, 0);
    fake.writeUInt16BE(0xffff, 2);
    expect(framer.push(fake)).toEqual([]);
    expect(hex(framer.push(login))).toEqual([login.toString('hex')]);
  });
});

describe('gt06 framer on a stream of start markers', () => {
  it('keeps at most one frame plus one read and takes linear time (2000 reads of 1460 bytes of 0x78)', () => {
    const framer = gt06Framer();
    const chunk = Buffer.alloc(1460, 0x78);
    let largest = 0;
    const started = process.cpuUsage();
    for (let i = 0; i < 2000; i++) {
      framer.push(chunk);
      largest = Math.max(largest, framer.buffered);
    }
    const used = process.cpuUsage(started);
    const ms = (used.user + used.system) / 1000;
    console.info(`gt06 framer: 2852 KiB of start markers, largest buffer ${largest} bytes, ${ms.toFixed(0)} ms CPU`);
    expect(largest).toBeLessThanOrEqual(65_541 + 1460);
    expect(ms).toBeLessThan(1000);
  });
});
