import { ByteQueue } from '../../codec/byte-queue';
import type { Framer, FramerFactory } from '../protocol.types';

export const HUASHENG_MAX_FRAME = 4096;

const END = 0xc0;
const ESC = 0xdb;

/**
 * HuaSheng frames are delimited by 0xC0 at both ends, with 0xC0 and 0xDB inside escaped as DB DC and DB DD (SLIP).
 * A frame is given whole (both 0xC0 kept) and unescaped. An empty C0 C0 pair is a frame end followed by a start.
 */
export const huashengFramer: FramerFactory = () => new HuashengFramer();

class HuashengFramer implements Framer {
  private readonly queue = new ByteQueue();
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
      const start = buffer.indexOf(END, at);
      if (start < 0) {
        at = buffer.length;
        this.searched = 0;
        break;
      }
      at = start;
      const end = buffer.indexOf(END, at + Math.max(1, this.searched));
      if (end < 0) {
        this.searched = buffer.length - at;
        if (this.searched > HUASHENG_MAX_FRAME) {
          at = buffer.length;
          this.searched = 0;
        }
        break;
      }
      this.searched = 0;
      if (end === at + 1) {
        at = end; // C0 C0: the second one starts the next frame
        continue;
      }
      frames.push(slipUnescape(buffer.subarray(at, end + 1)));
      at = end + 1;
    }
    this.queue.consume(at);
    return frames;
  }
}

function slipUnescape(raw: Buffer): Buffer {
  if (raw.indexOf(ESC) < 0) return Buffer.from(raw);
  const out = Buffer.alloc(raw.length);
  let n = 0;
  for (let i = 0; i < raw.length; i++) {
    const b = raw[i] as number;
    if (b === ESC && i + 1 < raw.length - 1) {
      const next = raw[i + 1];
      if (next === 0xdc || next === 0xdd) {
        out[n++] = next === 0xdc ? END : ESC;
        i++;
        continue;
      }
    }
    out[n++] = b;
  }
  return out.subarray(0, n);
}
