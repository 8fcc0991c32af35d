import type { Framer, FramerFactory } from '../protocols/protocol.types';

/** What the bytes at an offset are: a whole frame of some length, not a frame start, or a start not yet whole. */
export type Cut = { frame: number } | { skip: true } | { wait: true };

/**
 * A framer for binary protocols whose frames are recognised by looking at the bytes at each offset (a length
 * field, a plausible header, a checksum): `cutAt` says what starts there; bytes that start nothing are skipped
 * one at a time until the stream lines up again; an incomplete frame waits for the next chunk.
 */
export function scanningFramer(cutAt: (buffer: Buffer, at: number) => Cut): FramerFactory {
  return () => new ScanningFramer(cutAt);
}

class ScanningFramer implements Framer {
  private buffer: Buffer = Buffer.alloc(0);

  constructor(private readonly cutAt: (buffer: Buffer, at: number) => Cut) {}

  push(chunk: Buffer): Buffer[] {
    this.buffer = this.buffer.length > 0 ? Buffer.concat([this.buffer, chunk]) : chunk;
    const frames: Buffer[] = [];
    let offset = 0;
    while (offset < this.buffer.length) {
      const cut = this.cutAt(this.buffer, offset);
      if ('wait' in cut) break;
      if ('skip' in cut) {
        offset += 1;
        continue;
      }
      frames.push(Buffer.from(this.buffer.subarray(offset, offset + cut.frame)));
      offset += cut.frame;
    }
    this.buffer = Buffer.from(this.buffer.subarray(offset));
    return frames;
  }
}
