import type { Framer, FramerFactory } from '../protocols/protocol.types';
import { ByteQueue } from './byte-queue';

export interface EscapedFramerOptions {
  /** The byte that opens and closes every frame (0x7E in JT/T 808, EGTS-like and HDLC framings). */
  flag: number;
  /** The escape byte (0x7D) and what the byte after it stands for: e.g. {0x01: 0x7D, 0x02: 0x7E}. */
  escape: number;
  escapes: Readonly<Record<number, number>>;
  /** Longest frame kept, as sent (escaped). */
  maxFrame: number;
}

/**
 * A framer for start/stop framings with byte stuffing: a frame runs from one `flag` to the next, its content
 * unescaped, and is handed on with both flags. Bytes before a flag are garbage; two flags in a row close one frame
 * and open the next; a frame longer than `maxFrame` is dropped and the stream lines up at the next flag.
 */
export function escapedFramer(options: EscapedFramerOptions): FramerFactory {
  return () => new EscapedFramer(options);
}

/** The bytes between two flags, unescaped; an escape byte not followed by a known code is kept as it is. */
export function unescapeBytes(
  bytes: Uint8Array,
  escapeByte: number,
  escapes: Readonly<Record<number, number>>,
): Buffer {
  const out = Buffer.alloc(bytes.length);
  let n = 0;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i] as number;
    const meant = byte === escapeByte ? escapes[bytes[i + 1] as number] : undefined;
    if (meant === undefined) out[n++] = byte;
    else {
      out[n++] = meant;
      i++;
    }
  }
  return out.subarray(0, n);
}

/** The reverse of unescapeBytes, for encoders: each byte that has a code is sent as escape + code. */
export function escapeBytes(bytes: Uint8Array, escapeByte: number, escapes: Readonly<Record<number, number>>): Buffer {
  const codeOf = new Map<number, number>();
  for (const [code, meant] of Object.entries(escapes)) codeOf.set(meant, Number(code));
  const out: number[] = [];
  for (const byte of bytes) {
    const code = codeOf.get(byte);
    if (code === undefined) out.push(byte);
    else out.push(escapeByte, code);
  }
  return Buffer.from(out);
}

class EscapedFramer implements Framer {
  private readonly queue = new ByteQueue();

  constructor(private readonly o: EscapedFramerOptions) {}

  get buffered(): number {
    return this.queue.length;
  }

  push(chunk: Buffer): Buffer[] {
    this.queue.append(chunk);
    let buffer = this.queue.view();
    const frames: Buffer[] = [];
    for (;;) {
      const start = buffer.indexOf(this.o.flag);
      if (start < 0) {
        buffer = buffer.subarray(buffer.length);
        break;
      }
      buffer = buffer.subarray(start);
      const end = buffer.indexOf(this.o.flag, 1);
      if (end < 0 || end >= this.o.maxFrame) {
        if (end < 0 && buffer.length < this.o.maxFrame) break;
        buffer = buffer.subarray(1); // too long: line up at the next flag
        continue;
      }
      if (end === 1) {
        buffer = buffer.subarray(1); // flag flag: the first closed an earlier frame
        continue;
      }
      const flag = Buffer.of(this.o.flag);
      frames.push(Buffer.concat([flag, unescapeBytes(buffer.subarray(1, end), this.o.escape, this.o.escapes), flag]));
      buffer = buffer.subarray(end + 1);
    }
    this.queue.consume(this.queue.length - buffer.length);
    return frames;
  }
}
