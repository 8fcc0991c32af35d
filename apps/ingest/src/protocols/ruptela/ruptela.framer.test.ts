import { describe, expect, it } from 'vitest';
import { loadVectors } from '../../testing/traccar-vectors';
import { frameOf } from '../../testing/vector-score';
import { ruptelaFramer } from './ruptela.framer';

const frames = loadVectors('ruptela').map(frameOf);
const hex = (list: Buffer[]) => list.map((f) => f.toString('hex'));

describe('ruptela framer', () => {
  for (const [i, frame] of frames.entries()) {
    it(`vector frame ${i}: one read, one byte at a time, and after garbage`, () => {
      expect(hex(ruptelaFramer().push(frame))).toEqual([frame.toString('hex')]);
      const framer = ruptelaFramer();
      const cut: Buffer[] = [];
      for (const byte of frame) cut.push(...framer.push(Buffer.from([byte])));
      expect(hex(cut)).toEqual([frame.toString('hex')]);
      const garbage = Buffer.from('ffff0001deadbeef000a', 'hex');
      expect(hex(ruptelaFramer().push(Buffer.concat([garbage, frame])))).toEqual([frame.toString('hex')]);
    });
  }

  it('cuts several packets from one read', () => {
    expect(hex(ruptelaFramer().push(Buffer.concat(frames)))).toEqual(hex(frames));
  });

  it('waits for the rest of a split packet and keeps what follows', () => {
    const [a, b] = [frames[1] as Buffer, frames[2] as Buffer];
    const framer = ruptelaFramer();
    expect(framer.push(a.subarray(0, 10))).toEqual([]);
    expect(hex(framer.push(Buffer.concat([a.subarray(10), b.subarray(0, 3)])))).toEqual([a.toString('hex')]);
    expect(hex(framer.push(b.subarray(3)))).toEqual([b.toString('hex')]);
  });

  it('takes a packet whose CRC does not match (as Traccar does) when it ends the read or a packet follows it', () => {
    const wrongCrc = Buffer.from(frames[2] as Buffer);
    wrongCrc.writeUInt16BE(wrongCrc.readUInt16BE(wrongCrc.length - 2) ^ 0x5555, wrongCrc.length - 2);
    const good = frames[3] as Buffer;
    expect(hex(ruptelaFramer().push(Buffer.concat([wrongCrc, good])))).toEqual(hex([wrongCrc, good]));
    expect(hex(ruptelaFramer().push(wrongCrc))).toEqual(hex([wrongCrc]));
  });

  it('skips a candidate whose CRC does not match and that garbage follows, and finds the next packet', () => {
    const corrupt = Buffer.from(frames[2] as Buffer);
    corrupt[20] = (corrupt[20] as number) ^ 0xff;
    const good = frames[3] as Buffer;
    const garbage = Buffer.from('ffff', 'hex');
    expect(hex(ruptelaFramer().push(Buffer.concat([corrupt, garbage, good])))).toEqual([good.toString('hex')]);
  });
});

describe('ruptela framer work per byte', () => {
  /** CPU ms to push `input` in 1460-byte reads. */
  const cpu = (input: Buffer) => {
    const framer = ruptelaFramer();
    const started = process.cpuUsage();
    for (let at = 0; at < input.length; at += 1460) framer.push(input.subarray(at, at + 1460));
    const used = process.cpuUsage(started);
    return (used.user + used.system) / 1000;
  };

  it('a stream of plausible headers whose CRC never matches costs about what random bytes cost', () => {
    // length 0x0FF0, IMEI 123456789012345, command 1: every 12 bytes promise a 4 KiB packet
    const unit = Buffer.alloc(12);
    unit.writeUInt16BE(0x0ff0, 0);
    unit.writeBigUInt64BE(123456789012345n, 2);
    unit[10] = 1;
    const size = 1 << 20;
    const crafted = Buffer.alloc(size);
    for (let at = 0; at < size; at += 12) unit.copy(crafted, at);
    const random = Buffer.alloc(size);
    let state = 0x5eed;
    for (let i = 0; i < size; i++) {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0;
      random[i] = state >>> 24;
    }
    cpu(crafted.subarray(0, 64 * 1024)); // warm up
    cpu(random.subarray(0, 64 * 1024));
    const craftedMs = cpu(crafted);
    const randomMs = cpu(random);
    console.info(`ruptela framer: crafted ${craftedMs.toFixed(0)} ms/MiB, random ${randomMs.toFixed(0)} ms/MiB`);
    expect(craftedMs).toBeLessThan(Math.max(10 * randomMs, 150));
  });
});
