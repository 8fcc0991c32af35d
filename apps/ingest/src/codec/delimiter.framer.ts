import type { Framer, FramerFactory } from '../protocols/protocol.types';
import { ByteQueue } from './byte-queue';

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
  private readonly queue = new ByteQueue();
  /** No delimiter starts before this offset of the queue: the bytes before it were searched on an earlier read. */
  private searchFrom = 0;
  /** True while discarding an over-long frame until its delimiter. */
  private discarding = false;

  constructor(
    private readonly delimiters: readonly Buffer[],
    private readonly maxFrameLength: number,
    private readonly includeDelimiter: boolean,
  ) {
    this.longestDelimiter = Math.max(...delimiters.map((d) => d.length));
  }

  private readonly longestDelimiter: number;

  get buffered(): number {
    return this.queue.length;
  }

  push(chunk: Buffer): Buffer[] {
    this.queue.append(chunk);
    const buffer = this.queue.view();
    const frames: Buffer[] = [];
    // Where each delimiter next occurs at or after `from` (-1: nowhere), looked up again only once passed, so each
    // byte is searched once per delimiter however many frames the reads hold.
    const next = this.delimiters.map((d) => buffer.indexOf(d, this.searchFrom));
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
    this.queue.consume(from);
    // Bytes that may hold the start of a delimiter split across reads.
    const keep = this.longestDelimiter - 1;
    if (this.queue.length > this.maxFrameLength) {
      this.queue.consume(this.queue.length - keep);
      this.discarding = true;
    }
    this.searchFrom = Math.max(0, this.queue.length - keep);
    return frames;
  }
}
