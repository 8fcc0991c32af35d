import { ByteQueue } from '../../codec/byte-queue';
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
  /** The unread bytes; `buffer` is the part of them still to frame (a view, valid until the next read). */
  private readonly queue = new ByteQueue();
  private buffer: Buffer = Buffer.alloc(0);
  private binaryLength = 0;

  get buffered(): number {
    return this.queue.length;
  }

  push(chunk: Buffer): Buffer[] {
    this.queue.append(chunk);
    this.buffer = this.queue.view();
    const frames: Buffer[] = [];
    for (;;) {
      let start = 0;
      while (start < this.buffer.length && !isMarker(this.buffer[start])) start++;
      this.buffer = this.buffer.subarray(start);
      if (this.buffer.length === 0) break;
      const end = this.frameEnd();
      if (end === null) break;
      if (end === 0) continue; // dropped an over-long sentence
      frames.push(Buffer.from(this.buffer.subarray(0, end)));
      let next = end;
      if (this.buffer[0] === STAR) {
        while (this.buffer[next] === 0x0d || this.buffer[next] === 0x0a) next++;
      }
      this.buffer = this.buffer.subarray(next);
    }
    // the buffer is what is left of the queue's bytes: drop the rest
    this.queue.consume(this.queue.length - this.buffer.length);
    return frames;
  }

  /** Length of the frame at the head, null while incomplete, 0 when bytes were dropped (look again). */
  private frameEnd(): number | null {
    const buf = this.buffer;
    switch (buf[0]) {
      case STAR: {
        const hash = buf.indexOf(HASH);
        if (hash >= 0 && hash < MAX_TEXT) return hash + 1;
        if (hash < 0 && buf.length <= MAX_TEXT) return null;
        this.dropLongSentences(hash);
        return 0;
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

  /**
   * The sentence at the head has no '#' within MAX_TEXT. A sentence ends at the first '#' after it, so none that
   * starts more than MAX_TEXT before that '#' (or before the end of the bytes when none has come) can end in time:
   * drop up to there, but stop at a binary report ('$', 'X') on the way, which has no '#'. The drop always takes
   * the head's '*', and the bytes looked at are the bytes dropped, so a stream of '*' costs linear time.
   */
  private dropLongSentences(hash: number): void {
    const buf = this.buffer;
    const horizon = (hash < 0 ? buf.length + 1 : hash + 1) - MAX_TEXT;
    let to = 1;
    while (to < horizon && buf[to] !== DOLLAR && buf[to] !== X) to++;
    this.buffer = buf.subarray(to);
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
