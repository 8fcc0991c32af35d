import type { Framer, FramerFactory } from '../protocol.types';

const SHORT = 32;
const LONG = 45;
const LONG_ID = 42;
/** Longest text sentence kept while waiting for its '#'. */
const MAX_TEXT = 8192;

const STAR = 0x2a;
const DOLLAR = 0x24;
const X = 0x58;
const HASH = 0x23;
const isMarker = (b: number | undefined) => b === STAR || b === DOLLAR || b === X;

/**
 * Cuts an H02 stream: text sentences from '*' to '#' (line breaks after them dropped), binary '$' reports of a
 * fixed length per connection (32, 45 or 42 bytes, learnt from the first one), 'X' reports of 32 bytes. Bytes
 * before a marker are skipped. The binary length is learnt when it is unambiguous: the bytes received end exactly
 * on a report boundary or the next marker follows it (like Traccar, a first report split exactly after 32 bytes is
 * taken as a short one).
 */
class H02Framer implements Framer {
  private buffer: Buffer = Buffer.alloc(0);
  private binaryLength = 0;

  get buffered(): number {
    return this.buffer.length;
  }

  push(chunk: Buffer): Buffer[] {
    this.buffer = this.buffer.length > 0 ? Buffer.concat([this.buffer, chunk]) : Buffer.from(chunk);
    const frames: Buffer[] = [];
    for (;;) {
      let start = 0;
      while (start < this.buffer.length && !isMarker(this.buffer[start])) start++;
      this.buffer = this.buffer.subarray(start);
      if (this.buffer.length === 0) break;
      const end = this.frameEnd();
      if (end === null) break;
      frames.push(Buffer.from(this.buffer.subarray(0, end)));
      let next = end;
      if (this.buffer[0] === STAR) {
        while (this.buffer[next] === 0x0d || this.buffer[next] === 0x0a) next++;
      }
      this.buffer = this.buffer.subarray(next);
    }
    this.buffer = Buffer.from(this.buffer);
    return frames;
  }

  private frameEnd(): number | null {
    const buf = this.buffer;
    switch (buf[0]) {
      case STAR: {
        const hash = buf.indexOf(HASH);
        if (hash >= 0) return hash + 1;
        if (buf.length > MAX_TEXT) this.buffer = buf.subarray(1); // no end in sight: resynchronise
        return null;
      }
      case X:
        return buf.length >= SHORT ? SHORT : null;
      default: {
        if (this.binaryLength === 0) this.binaryLength = this.learnLength();
        if (this.binaryLength === 0) return null;
        return buf.length >= this.binaryLength ? this.binaryLength : null;
      }
    }
  }

  /** The binary report length, or 0 while the bytes so far cannot tell. */
  private learnLength(): number {
    const buf = this.buffer;
    for (const length of [LONG, LONG_ID, SHORT]) if (buf.length > length && isMarker(buf[length])) return length;
    for (const length of [LONG, LONG_ID, SHORT]) if (buf.length === length) return length;
    return buf.length > LONG ? SHORT : 0;
  }
}

export const h02Framer: FramerFactory = () => new H02Framer();
