import { ByteQueue } from '../../codec/byte-queue';
import type { Framer, FramerFactory } from '../protocol.types';

/** Message types whose body is binary: their declared length is the only way to find their end. */
export const MEITRACK_BINARY_TYPES: ReadonlySet<string> = new Set(['CCC', 'CCE', 'D00']);

const MAX_FRAME = 65536;
const DOLLAR = 0x24;
const COMMA = 0x2c;

/**
 * Cuts Meitrack messages: `$$<flag><length>,<imei>,<type>,…*<checksum>\r\n`, where length counts the bytes from
 * the first comma to the CR LF. Binary messages (CCE, CCC, photo chunks) are cut at that length; text messages at
 * their CR LF (devices get the length wrong now and then), or where the next `$$` header starts when the CR LF is
 * missing. Bytes before a `$$` are garbage; a header that does not parse is skipped and the framer resynchronises.
 */
export const meitrackFramer: FramerFactory = () => new MeitrackFramer();

class MeitrackFramer implements Framer {
  private readonly queue = new ByteQueue();
  /** For the text message at the start of the queue: where to resume looking for its end. */
  private resumeAt: number | undefined;

  get buffered(): number {
    return this.queue.length;
  }

  push(chunk: Buffer): Buffer[] {
    this.queue.append(chunk);
    const frames: Buffer[] = [];
    for (;;) {
      const b = this.queue.view();
      const start = b.indexOf('$$');
      if (start < 0) {
        // keep a trailing '$' that may begin the next header
        this.drop(b.at(-1) === DOLLAR ? b.length - 1 : b.length);
        break;
      }
      if (start > 0) this.drop(start);
      let cut = this.frameEnd(this.queue.view());
      if (cut === 'wait' && this.queue.length > MAX_FRAME) cut = 'skip'; // never ends: resynchronise
      if (cut === 'wait') break;
      if (cut === 'skip') {
        this.drop(1);
        continue;
      }
      frames.push(Buffer.from(this.queue.view().subarray(0, cut)));
      this.drop(cut);
    }
    return frames;
  }

  private drop(n: number): void {
    this.queue.consume(n);
    this.resumeAt = undefined;
  }

  /** Where the frame at the start of the buffer ends, or whether to wait for more bytes or skip this header. */
  private frameEnd(b: Buffer): number | 'wait' | 'skip' {
    if (this.resumeAt !== undefined) return this.textEnd(b, this.resumeAt);
    // $$ + flag + decimal length + ','
    let i = 3;
    while (i < b.length && i < 9 && isDigit(b[i] as number)) i++;
    if (i >= b.length) return b.length < 9 ? 'wait' : 'skip';
    if (i === 3 || b[i] !== COMMA) return 'skip';
    const length = Number(b.toString('latin1', 3, i));
    const total = i + length;
    if (length < 4 || total > MAX_FRAME) return 'skip';
    // ,<imei>,<type>,
    const imeiEnd = b.indexOf(COMMA, i + 1);
    const typeEnd = imeiEnd < 0 ? -1 : b.indexOf(COMMA, imeiEnd + 1);
    if (typeEnd < 0) {
      if (imeiEnd >= 0 && b.length - imeiEnd > 8) return 'skip';
      return b.length - i > 32 ? 'skip' : 'wait';
    }
    if (imeiEnd - i > 32 || typeEnd - imeiEnd > 8) return 'skip';
    const type = b.toString('latin1', imeiEnd + 1, typeEnd);
    if (MEITRACK_BINARY_TYPES.has(type)) return b.length >= total ? total : 'wait';
    return this.textEnd(b, typeEnd);
  }

  /** A text message ends at its CR LF, or where the next message starts. */
  private textEnd(b: Buffer, from: number): number | 'wait' {
    const crlf = b.indexOf('\r\n', from);
    const next = b.indexOf('$$', from);
    if (crlf >= 0 && (next < 0 || crlf < next)) return crlf + 2;
    if (next >= 0) return next;
    this.resumeAt = b.length - 1; // a CR LF or $$ may straddle the next read
    return 'wait';
  }
}

const isDigit = (byte: number) => byte >= 0x30 && byte <= 0x39;
