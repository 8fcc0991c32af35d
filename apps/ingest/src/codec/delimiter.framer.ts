import type { Framer, FramerFactory } from '../protocols/protocol.types';

export interface DelimiterFramerOptions {
  /** Frames end at the first of these (e.g. ['\r\n', '\n'] or ['#']). */
  delimiters: readonly (string | Buffer)[];
  /** Longest frame kept; longer runs without a delimiter are dropped. */
  maxFrameLength: number;
  /** Keep the delimiter at the end of the frame. Default false. */
  includeDelimiter?: boolean;
}

/**
 * Cuts a stream at delimiters (Netty's DelimiterBasedFrameDecoder / LineBasedFrameDecoder, which many text
 * protocols use). Empty frames are skipped; bytes past maxFrameLength without a delimiter are discarded up to the
 * next delimiter, so the buffer stays bounded and a garbage burst does not swallow the next good frame.
 */
export function delimiterFramer(options: DelimiterFramerOptions): FramerFactory {
  const delimiters = options.delimiters.map((d) => (typeof d === 'string' ? Buffer.from(d, 'latin1') : d));
  if (delimiters.length === 0 || delimiters.some((d) => d.length === 0))
    throw new Error('delimiters must be non-empty');
  return () => new DelimiterFramer(delimiters, options.maxFrameLength, options.includeDelimiter ?? false);
}

class DelimiterFramer implements Framer {
  private buffer: Buffer = Buffer.alloc(0);
  /** True while discarding an over-long frame until its delimiter. */
  private discarding = false;

  constructor(
    private readonly delimiters: readonly Buffer[],
    private readonly maxFrameLength: number,
    private readonly includeDelimiter: boolean,
  ) {}

  get buffered(): number {
    return this.buffer.length;
  }

  push(chunk: Buffer): Buffer[] {
    this.buffer = this.buffer.length > 0 ? Buffer.concat([this.buffer, chunk]) : chunk;
    const frames: Buffer[] = [];
    for (;;) {
      const found = this.findDelimiter();
      if (!found) break;
      const end = found.index + (this.includeDelimiter ? found.length : 0);
      const frame = this.buffer.subarray(0, end);
      const content = found.index;
      this.buffer = this.buffer.subarray(found.index + found.length);
      if (this.discarding) this.discarding = false;
      else if (content > 0 && content <= this.maxFrameLength) frames.push(Buffer.from(frame));
    }
    if (this.buffer.length > this.maxFrameLength) {
      // Keep the tail that may hold the start of a delimiter split across reads.
      const keep = Math.max(...this.delimiters.map((d) => d.length)) - 1;
      this.buffer = this.buffer.subarray(this.buffer.length - keep);
      this.discarding = true;
    }
    this.buffer = Buffer.from(this.buffer);
    return frames;
  }

  private findDelimiter(): { index: number; length: number } | undefined {
    let best: { index: number; length: number } | undefined;
    for (const d of this.delimiters) {
      const index = this.buffer.indexOf(d);
      if (index >= 0 && (!best || index < best.index || (index === best.index && d.length > best.length))) {
        best = { index, length: d.length };
      }
    }
    return best;
  }
}
