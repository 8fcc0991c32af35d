import { ByteQueue } from '../../codec/byte-queue';
import type { Framer, FramerFactory } from '../protocol.types';
import { endsData, locateUexLength } from './suntech-uex';

const MAX_FRAME = 65536;
/** The fields before UEX data (header to length) fit in this many bytes. */
const UEX_HEAD = 1024;
const STX = 0x02;
const ETX = 0x03;
const CR = 0x0d;
const LF = 0x0a;

/**
 * Cuts Suntech reports: text reports end with CR (a LF is taken too; neither is kept), the data of a UEX report
 * is skipped by its length as it may hold CR LF; legacy zip reports are `STX <length u16> … ETX` (length without
 * STX, length and ETX); universal zip reports `0x81…0x8F <length u16> …`. Anything else is garbage and skipped.
 * Scans resume where the previous read stopped, so a report arriving byte by byte costs linear time.
 */
export const suntechFramer: FramerFactory = () => new SuntechFramer();

class SuntechFramer implements Framer {
  private readonly queue = new ByteQueue();
  /** For the text report at the start of the queue: where its end may be searched from, once known. */
  private searchFrom: number | undefined;
  /** For a UEX report at the start of the queue: where its data lies (null: not UEX), once known. */
  private uex: { start: number; end: number } | null | undefined;

  get buffered(): number {
    return this.queue.length;
  }

  push(chunk: Buffer): Buffer[] {
    this.queue.append(chunk);
    const frames: Buffer[] = [];
    while (this.queue.length > 0) {
      const cut = this.next(this.queue.view());
      if (cut === 'wait') break;
      if (cut.frame) frames.push(Buffer.from(cut.frame));
      this.queue.consume(cut.consumed);
      this.searchFrom = undefined;
      this.uex = undefined;
    }
    return frames;
  }

  private next(b: Buffer): 'wait' | { frame?: Buffer; consumed: number } {
    const first = b[0] as number;
    if (first === STX || (first >= 0x81 && first <= 0x8f)) {
      if (b.length < 3) return 'wait';
      const length = b.readUInt16BE(1);
      const total = first === STX ? length + 4 : length + 3;
      if (length < 5) return { consumed: 1 };
      if (b.length < total) return 'wait';
      if (first === STX && b[total - 1] !== ETX) return { consumed: 1 };
      return { frame: b.subarray(0, total), consumed: total };
    }
    if (first < 0x20 || first > 0x7e) return { consumed: 1 }; // CR/LF between reports, or garbage
    if (this.searchFrom === undefined) {
      if (this.uex === undefined) {
        const head = locateUexLength(b.toString('latin1', 0, Math.min(b.length, UEX_HEAD)));
        if (head.kind === 'incomplete' && b.length < UEX_HEAD) return 'wait';
        this.uex = head.kind === 'length' ? { start: head.start, end: head.start + head.length } : null;
      }
      if (this.uex) {
        const { start, end } = this.uex;
        if (b.length <= end) return b.length > MAX_FRAME ? { consumed: b.length } : 'wait';
        this.searchFrom = endsData(b[end] as number) ? end : start;
      } else {
        this.searchFrom = 0;
      }
    }
    const from = this.searchFrom;
    const cr = b.indexOf(CR, from);
    const lf = b.indexOf(LF, from);
    const end = cr < 0 ? lf : lf < 0 ? cr : Math.min(cr, lf);
    if (end >= 0) return { frame: b.subarray(0, end), consumed: end + 1 };
    if (b.length > MAX_FRAME) return { consumed: b.length };
    this.searchFrom = Math.max(from, b.length);
    return 'wait';
  }
}
