import { ByteQueue } from '../../codec/byte-queue';
import type { Framer, FramerFactory } from '../protocol.types';
import { JT808_DELIMITER } from './jt808-frame';

/** Longest frame kept, escaped (a JT/T 808 body is at most 1023 bytes, twice that escaped). */
export const JT808_MAX_FRAME = 8 * 1024;

const OPEN_TEXT = 0x28; // (
const CLOSE_TEXT = 0x29; // )

/**
 * Cuts 7E ... 7E messages and unescapes them (7D 02 -> 7E, 7D 01 -> 7D); frames keep both delimiters, as Traccar
 * hands them to its decoder. A few terminals interleave `(...)` text messages, cut whole. Bytes before a 7E or `(`
 * are skipped; a frame that grows past the limit is dropped and the framer resynchronises at the next 7E.
 */
class Jt808Framer implements Framer {
  /** The unread bytes; `buffer` is the part of them still to frame (a view, valid until the next read). */
  private readonly queue = new ByteQueue();
  private buffer: Buffer = Buffer.alloc(0);

  get buffered(): number {
    return this.queue.length;
  }

  push(chunk: Buffer): Buffer[] {
    this.queue.append(chunk);
    this.buffer = this.queue.view();
    const frames: Buffer[] = [];
    for (;;) {
      const start = this.buffer.findIndex((b) => b === JT808_DELIMITER || b === OPEN_TEXT);
      if (start < 0) {
        this.buffer = Buffer.alloc(0);
        break;
      }
      if (start > 0) this.buffer = this.buffer.subarray(start);
      const text = this.buffer[0] === OPEN_TEXT;
      const end = this.buffer.indexOf(text ? CLOSE_TEXT : JT808_DELIMITER, 1);
      if (end < 0 || end > JT808_MAX_FRAME) {
        if (this.buffer.length <= JT808_MAX_FRAME && end < 0) break;
        this.buffer = this.buffer.subarray(1); // too long: resynchronise
        continue;
      }
      if (text) {
        frames.push(Buffer.from(this.buffer.subarray(0, end + 1)));
        this.buffer = this.buffer.subarray(end + 1);
        continue;
      }
      if (end === 1) {
        this.buffer = this.buffer.subarray(1); // 7E 7E: the first closed an earlier message
        continue;
      }
      frames.push(
        Buffer.concat([
          Buffer.of(JT808_DELIMITER),
          unescapeJt808(this.buffer.subarray(1, end)),
          Buffer.of(JT808_DELIMITER),
        ]),
      );
      this.buffer = this.buffer.subarray(end + 1);
    }
    // the buffer is what is left of the queue's bytes: drop the rest
    this.queue.consume(this.queue.length - this.buffer.length);
    return frames;
  }
}

function unescapeJt808(bytes: Buffer): Buffer {
  const out = Buffer.alloc(bytes.length);
  let n = 0;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i] as number;
    const next = bytes[i + 1];
    if (byte === 0x7d && (next === 0x01 || next === 0x02)) {
      out[n++] = next === 0x01 ? 0x7d : 0x7e;
      i++;
    } else {
      out[n++] = byte;
    }
  }
  return out.subarray(0, n);
}

export const jt808Framer: FramerFactory = () => new Jt808Framer();
