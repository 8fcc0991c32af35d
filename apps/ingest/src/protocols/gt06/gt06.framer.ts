import { ByteQueue } from '../../codec/byte-queue';
import type { Framer, FramerFactory } from '../protocol.types';

/** Longest frame kept: a 0x7979 frame declares at most 65535 + 6 bytes. */
const MAX_FRAME = 65_541;
const CR = 0x0d;
const LF = 0x0a;
const CRLF = Buffer.of(CR, LF);

const isStart = (buf: Buffer, i: number) =>
  i + 1 < buf.length && ((buf[i] === 0x78 && buf[i + 1] === 0x78) || (buf[i] === 0x79 && buf[i + 1] === 0x79));

/**
 * Cuts a GT06 stream into frames: 0x7878 + one-byte length or 0x7979 + two-byte length, ending in CR LF. A frame
 * is taken at its declared length when CR LF is there; some devices declare a wrong length (0 for Wi-Fi reports),
 * so otherwise the frame ends at its first CR LF (as Traccar cuts it) — before the declared length only when that
 * CR LF ends the bytes received so far or is followed by the start of the next frame. Bytes before a start marker
 * are skipped.
 */
class Gt06Framer implements Framer {
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
    this.takeFrames(frames);
    while (this.buffer.length > MAX_FRAME) {
      // The frame at the head does not end within the limit. A frame ends at a CR LF at most MAX_FRAME bytes after
      // its start, so none can start more than MAX_FRAME before the first CR LF past this start marker (or before
      // the end of the bytes when none has come): drop what lies before that, at least this start marker, and look
      // again. Each round drops bytes or takes a frame, so a stream of start markers costs linear time.
      const crlf = this.buffer.indexOf(CRLF, 2);
      const horizon = crlf < 0 ? this.buffer.length + 1 : crlf + 2;
      this.buffer = this.buffer.subarray(Math.max(2, horizon - MAX_FRAME));
      this.takeFrames(frames);
    }
    // the buffer is what is left of the queue's bytes: drop the rest
    this.queue.consume(this.queue.length - this.buffer.length);
    return frames;
  }

  private takeFrames(frames: Buffer[]): void {
    for (;;) {
      this.resync();
      const end = this.frameEnd();
      if (end === null) return;
      frames.push(Buffer.from(this.buffer.subarray(0, end)));
      this.buffer = this.buffer.subarray(end);
    }
  }

  /** Drops bytes up to the first start marker (keeps a trailing half marker). */
  private resync(): void {
    const buf = this.buffer;
    let i = 0;
    while (i < buf.length && !isStart(buf, i)) i++;
    if (i === buf.length && i > 0 && (buf[i - 1] === 0x78 || buf[i - 1] === 0x79)) i--;
    if (i > 0) this.buffer = buf.subarray(i);
  }

  /** Length of the whole frame at the start of the buffer, or null while it is incomplete. */
  private frameEnd(): number | null {
    const buf = this.buffer;
    if (buf.length < 5) return null;
    const extended = buf[0] === 0x79;
    const declared = extended ? buf.readUInt16BE(2) + 6 : (buf[2] as number) + 5;
    if (buf.length >= declared && buf[declared - 2] === CR && buf[declared - 1] === LF) return declared;
    const reached = buf.length >= declared;
    for (let i = buf.indexOf(CRLF, 2); i >= 0 && i + 1 < MAX_FRAME; i = buf.indexOf(CRLF, i + 1)) {
      if (reached || i + 2 === buf.length || isStart(buf, i + 2)) return i + 2;
    }
    return null;
  }
}

export const gt06Framer: FramerFactory = () => new Gt06Framer();
