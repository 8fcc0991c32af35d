import type { Framer, FramerFactory } from '../protocol.types';

const OPEN = 0x28; // (
const CLOSE = 0x29; // )
const FREE_TEXT = 0x24; // $

/** Longest frame kept; a '(' without its ')' within this many bytes is dropped. */
export const TK103_MAX_FRAME = 4096;

/**
 * TK103 frames run from '(' to ')'. Free text between two '$' (a command reply such as
 * `(id,ZC03,date,time,$Notice: ... (v2) ...$)`) may hold parentheses, so a ')' there does not end the frame.
 * Bytes before a '(' are garbage and dropped; a second '(' outside free text restarts the frame.
 */
class Tk103Framer implements Framer {
  private buffer: Buffer = Buffer.alloc(0);

  push(chunk: Buffer): Buffer[] {
    this.buffer = this.buffer.length > 0 ? Buffer.concat([this.buffer, chunk]) : Buffer.from(chunk);
    const frames: Buffer[] = [];
    for (;;) {
      const start = this.buffer.indexOf(OPEN);
      if (start < 0) {
        this.buffer = Buffer.alloc(0);
        break;
      }
      if (start > 0) this.buffer = this.buffer.subarray(start);
      const end = this.findEnd();
      if (end === 'restart') continue;
      if (end < 0) {
        if (this.buffer.length > TK103_MAX_FRAME) this.buffer = this.buffer.subarray(1); // resync at the next '('
        if (this.buffer.length > TK103_MAX_FRAME) continue;
        break;
      }
      frames.push(Buffer.from(this.buffer.subarray(0, end + 1)));
      this.buffer = this.buffer.subarray(end + 1);
    }
    this.buffer = Buffer.from(this.buffer);
    return frames;
  }

  /** Index of the closing ')', -1 when more bytes are needed, 'restart' when a new '(' replaced the start. */
  private findEnd(): number | 'restart' {
    let freeText = false;
    const limit = Math.min(this.buffer.length, TK103_MAX_FRAME + 1);
    for (let i = 1; i < limit; i++) {
      const byte = this.buffer[i];
      if (byte === FREE_TEXT) freeText = !freeText;
      else if (!freeText && byte === CLOSE) return i;
      else if (!freeText && byte === OPEN) {
        this.buffer = this.buffer.subarray(i);
        return 'restart';
      }
    }
    return -1;
  }
}

export const tk103Framer: FramerFactory = () => new Tk103Framer();
