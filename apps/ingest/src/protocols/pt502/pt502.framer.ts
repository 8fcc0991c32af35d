import { ByteQueue } from '../../codec/byte-queue';
import type { Framer, FramerFactory } from '../protocol.types';

/** Longest text line kept, and the longest photo block (`$PHD<n>,<length>,` then that many bytes). */
export const PT502_MAX_LINE = 1024;
export const PT502_MAX_PHOTO_BLOCK = 64 * 1024;
export const PT502_MAX_FRAME = PT502_MAX_PHOTO_BLOCK + 32;

const DOLLAR = 0x24;
const CR = 0x0d;
const LF = 0x0a;

/**
 * PT502 (Bofan) stream: `$…` text lines ending at CR or LF (not kept), some devices putting a 5-byte binary header
 * `BF FB xx xx xx` before a message, and photo blocks `$PHD<n>,<length>,<bytes>` whose bytes are binary (cut by
 * their length). Anything else between messages is skipped.
 */
export const pt502Framer: FramerFactory = () => new Pt502Framer();

class Pt502Framer implements Framer {
  private readonly queue = new ByteQueue();
  /** Bytes of the current line already searched for its end. */
  private searched = 0;

  get buffered(): number {
    return this.queue.length;
  }

  push(chunk: Buffer): Buffer[] {
    this.queue.append(chunk);
    const buffer = this.queue.view();
    const frames: Buffer[] = [];
    let at = 0;
    for (;;) {
      // line up on a header or a '$'
      while (at < buffer.length && buffer[at] !== DOLLAR && !(buffer[at] === 0xbf && buffer[at + 1] === 0xfb)) {
        if (buffer[at] === 0xbf && at + 1 === buffer.length) break;
        at++;
        this.searched = 0;
      }
      if (at >= buffer.length) break;
      if (buffer[at] === 0xbf) {
        if (buffer.length - at < 2) break;
        if (buffer.length - at < 5) break;
        at += 5;
        this.searched = 0;
        continue;
      }
      const photo = photoBlockLength(buffer, at);
      if (photo === 'wait') break;
      if (photo !== null) {
        if (photo > PT502_MAX_FRAME) {
          at += 1; // not a real block: look for the next message
          continue;
        }
        if (buffer.length - at < photo) break;
        frames.push(Buffer.from(buffer.subarray(at, at + photo)));
        at += photo;
        continue;
      }
      let end = -1;
      for (let i = at + Math.max(1, this.searched); i < buffer.length; i++) {
        const b = buffer[i];
        if (b === CR || b === LF) {
          end = i;
          break;
        }
      }
      if (end < 0) {
        this.searched = buffer.length - at;
        if (this.searched > PT502_MAX_LINE) {
          at = buffer.length; // an endless line: drop it
          this.searched = 0;
        }
        break;
      }
      frames.push(Buffer.from(buffer.subarray(at, end)));
      at = end + 1;
      this.searched = 0;
    }
    this.queue.consume(at);
    return frames;
  }
}

/**
 * The whole length of a photo block starting at `at`, null when the bytes there are not one, 'wait' while its
 * header is incomplete.
 */
function photoBlockLength(buffer: Buffer, at: number): number | null | 'wait' {
  const prefix = '$PHD';
  for (let i = 0; i < prefix.length; i++) {
    if (at + i >= buffer.length) return 'wait';
    if (buffer[at + i] !== prefix.charCodeAt(i)) return null;
  }
  let i = at + prefix.length;
  let commas = 0;
  let length = 0;
  for (; i < buffer.length && i - at < 32; i++) {
    const b = buffer[i] as number;
    if (b === 0x2c) {
      commas += 1;
      if (commas === 2) return i + 1 - at + length;
    } else if (b >= 0x30 && b <= 0x39) {
      if (commas === 1) length = length * 10 + (b - 0x30);
    } else if (!(commas === 0 && ((b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a) || b === 0x2d))) return null;
  }
  return i - at >= 32 ? null : 'wait';
}
