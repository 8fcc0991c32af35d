import type { Framer, FramerFactory } from '../protocols/protocol.types';
import { ByteQueue } from './byte-queue';

/**
 * What the bytes from a start byte on are: a whole frame (as it is handed on, and how many bytes it took), a false
 * start (go on scanning from `skipTo`), or a frame not yet whole (wait for more bytes).
 */
export type StartCut = { frame: Buffer; consumed: number } | { skipTo: number } | 'wait';

/** The false start of one byte: scanning goes on after it. */
export const SKIP_START: StartCut = { skipTo: 1 };

/**
 * A framer for text protocols whose frames open with one byte (`(`, `[`): bytes before it are garbage and dropped;
 * `cut` reads the buffer, which begins with the start byte, and says where the frame ends. A frame still open after
 * `maxFrame` bytes loses its start byte, so the stream lines up again at the next one and the buffer stays bounded.
 * An empty frame is consumed and not handed on.
 */
export function startByteFramer(start: number, maxFrame: number, cut: (buffer: Buffer) => StartCut): FramerFactory {
  return () => new StartByteFramer(start, maxFrame, cut);
}

class StartByteFramer implements Framer {
  private readonly queue = new ByteQueue();

  constructor(
    private readonly start: number,
    private readonly maxFrame: number,
    private readonly cut: (buffer: Buffer) => StartCut,
  ) {}

  get buffered(): number {
    return this.queue.length;
  }

  push(chunk: Buffer): Buffer[] {
    this.queue.append(chunk);
    let buffer = this.queue.view();
    const frames: Buffer[] = [];
    for (;;) {
      const at = buffer.indexOf(this.start);
      if (at < 0) {
        buffer = buffer.subarray(buffer.length);
        break;
      }
      if (at > 0) buffer = buffer.subarray(at);
      const cut = this.cut(buffer);
      if (cut === 'wait') {
        if (buffer.length <= this.maxFrame) break;
        buffer = buffer.subarray(1);
      } else if ('skipTo' in cut) {
        buffer = buffer.subarray(cut.skipTo);
      } else {
        if (cut.frame.length > 0) frames.push(cut.frame);
        buffer = buffer.subarray(cut.consumed);
      }
    }
    // what is left of the queue's bytes is kept; the rest is dropped
    this.queue.consume(this.queue.length - buffer.length);
    return frames;
  }
}
