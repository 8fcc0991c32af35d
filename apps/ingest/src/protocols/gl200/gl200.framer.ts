import { ByteQueue } from '../../codec/byte-queue';
import type { Framer, FramerFactory } from '../protocol.types';

const PLUS = 0x2b;
/** Longest text message kept (a GTALL configuration dump is the longest Queclink sends). */
const MAX_TEXT = 16_384;
/** Binary frames declare at most a 16-bit length. */
const MAX_BINARY = 65_535;
/** Bytes needed to read any binary header's length field. */
const BINARY_HEADER = 11;

/** Text messages end at '$' (some firmwares end with CR/LF or NUL instead). */
const isTextEnd = (byte: number) => byte === 0x24 || byte === 0x0d || byte === 0x0a || byte === 0x00;
const isUpper = (byte: number | undefined) => byte !== undefined && byte >= 0x41 && byte <= 0x5a;

type Kind = 'text' | 'binary' | 'garbage' | 'wait';

/**
 * What starts at the '+' at the head of the buffer: a text message (`+RESP:`, `+BUFF:`, `+ACK:`, `+SACK:` …), a
 * binary one (`+RSP`, `+EVT`, `+ACK`, `+LGN` … followed by a type byte, or the compact `+` 0x00 form), or garbage.
 */
export function gl200FrameKind(buf: Buffer): Kind {
  if (buf.length < 2) return 'wait';
  if (buf[1] === 0x00) return 'binary';
  for (let i = 1; i < 4; i++) {
    if (buf[i] === undefined) return 'wait';
    if (!isUpper(buf[i])) return 'garbage';
  }
  if (buf.length < 5) return 'wait';
  if (buf[4] === 0x3a) return 'text'; // +ACK:
  if (!isUpper(buf[4])) return 'binary'; // +RSP, +EVT, +ACK … then a type byte
  if (buf.length < 6) return 'wait';
  return buf[5] === 0x3a ? 'text' : 'binary'; // +RESP: / +BUFF: / +SACK:, or a type byte that is a letter
}

/** Declared length of the binary frame at the head of the buffer, or null while its header is incomplete. */
export function gl200BinaryLength(buf: Buffer): number | null {
  if (buf[1] === 0x00) return buf.length >= 4 ? buf.readUInt16BE(2) : null;
  const tag = buf.toString('latin1', 1, 4);
  if (tag === 'ACK') return buf.length >= 7 ? (buf[6] as number) : null;
  if (tag === 'LGN') return buf.length >= 8 ? buf.readUInt16BE(6) : null;
  return buf.length >= BINARY_HEADER ? buf.readUInt16BE(9) : null;
}

/**
 * Cuts a Queclink stream (Traccar's Gl200FrameDecoder): text messages up to their '$' (not included), binary ones
 * by their declared length. Bytes before a '+' are skipped; a '+' that starts neither kind, a binary length that
 * cannot hold its own header, or a text message longer than MAX_TEXT is dropped and the framer resynchronises at
 * the next '+'.
 */
class Gl200Framer implements Framer {
  /** The unread bytes; `buffer` is the part of them still to frame (a view, valid until the next read). */
  private readonly queue = new ByteQueue();
  private buffer: Buffer = Buffer.alloc(0);
  /** Where the search for the head text message's terminator resumes (bytes before hold none). */
  private textFrom = 1;

  get buffered(): number {
    return this.queue.length;
  }

  push(chunk: Buffer): Buffer[] {
    this.queue.append(chunk);
    this.buffer = this.queue.view();
    const frames: Buffer[] = [];
    for (;;) {
      const start = this.buffer.indexOf(PLUS);
      if (start < 0) {
        this.shift(this.buffer.length);
        break;
      }
      if (start > 0) this.shift(start);
      const kind = gl200FrameKind(this.buffer);
      if (kind === 'wait') break;
      if (kind === 'garbage') {
        this.shift(1);
        continue;
      }
      const end = kind === 'text' ? this.textEnd() : this.binaryEnd();
      if (end === null) break;
      if (end < 0) {
        this.shift(kind === 'text' ? this.longTextSkip() : 1);
        continue;
      }
      const frame = this.buffer.subarray(0, end);
      this.shift(kind === 'text' ? end + 1 : end);
      frames.push(Buffer.from(frame));
    }
    // the buffer is what is left of the queue's bytes: drop the rest
    this.queue.consume(this.queue.length - this.buffer.length);
    return frames;
  }

  /** Drops the first n bytes: the message at the head changes, its terminator search starts over. */
  private shift(n: number): void {
    this.buffer = this.buffer.subarray(n);
    this.textFrom = 1;
  }

  /** Index of the text terminator, null while it has not arrived, -1 when the message is too long. */
  private textEnd(): number | null {
    const limit = Math.min(this.buffer.length, MAX_TEXT + 1);
    for (let i = this.textFrom; i < limit; i++) if (isTextEnd(this.buffer[i] as number)) return i;
    // the bytes looked at hold no terminator: the next read resumes after them
    this.textFrom = Math.max(1, limit);
    return this.buffer.length > MAX_TEXT ? -1 : null;
  }

  /**
   * How many bytes to drop when the text message at the head has no end within MAX_TEXT. A text message ends at the
   * first terminator after it, so no text message starting more than MAX_TEXT before that terminator (or before the
   * end of the bytes when none has come) can end in time: skip the '+'s before there that open text, but stop at one
   * that opens a binary frame (which has no terminator). Each byte looked at is dropped, so a stream of text headers
   * without an end costs linear time.
   */
  private longTextSkip(): number {
    const buf = this.buffer;
    let stop = MAX_TEXT + 1;
    while (stop < buf.length && !isTextEnd(buf[stop] as number)) stop++;
    const horizon = stop - MAX_TEXT;
    let at = 1;
    for (;;) {
      at = buf.indexOf(PLUS, at);
      if (at < 0 || at >= horizon) return Math.max(1, Math.min(horizon, buf.length));
      const kind = gl200FrameKind(buf.subarray(at));
      if (kind === 'binary' || kind === 'wait') return at;
      at += 1;
    }
  }

  /** Length of the binary frame, null while incomplete, -1 when its declared length is impossible. */
  private binaryEnd(): number | null {
    const length = gl200BinaryLength(this.buffer);
    if (length === null) return null;
    const minimum = this.buffer[1] === 0x00 ? 13 : 8;
    if (length < minimum || length > MAX_BINARY) return -1;
    return this.buffer.length >= length ? length : null;
  }
}

export const gl200Framer: FramerFactory = () => new Gl200Framer();
