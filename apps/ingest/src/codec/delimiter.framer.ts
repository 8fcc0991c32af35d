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
    const buffer = this.buffer.length > 0 ? Buffer.concat([this.buffer, chunk]) : chunk;
    const frames: Buffer[] = [];
    // Where each delimiter next occurs at or after `from` (-1: nowhere), looked up again only once passed, so each
    // byte is searched once per delimiter however many frames the read holds.
    const next = this.delimiters.map((d) => buffer.indexOf(d));
    let from = 0;
    for (;;) {
      let index = -1;
      let length = 0;
      for (let i = 0; i < next.length; i++) {
        const d = this.delimiters[i] as Buffer;
        let at = next[i] as number;
        if (at >= 0 && at < from) next[i] = at = buffer.indexOf(d, from);
        if (at >= 0 && (index < 0 || at < index || (at === index && d.length > length))) {
          index = at;
          length = d.length;
        }
      }
      if (index < 0) break;
      const content = index - from;
      const frameEnd = index + (this.includeDelimiter ? length : 0);
      if (this.discarding) this.discarding = false;
      else if (content > 0 && content <= this.maxFrameLength) frames.push(Buffer.from(buffer.subarray(from, frameEnd)));
      from = index + length;
    }
    let rest = buffer.subarray(from);
    if (rest.length > this.maxFrameLength) {
      // Keep the tail that may hold the start of a delimiter split across reads.
      const keep = Math.max(...this.delimiters.map((d) => d.length)) - 1;
      rest = rest.subarray(rest.length - keep);
      this.discarding = true;
    }
    this.buffer = Buffer.from(rest);
    return frames;
  }
}
