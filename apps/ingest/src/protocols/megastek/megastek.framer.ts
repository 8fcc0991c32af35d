import { ByteQueue } from '../../codec/byte-queue';
import type { Framer, FramerFactory } from '../protocol.types';

/** Longest frame kept: a report with ten Wi-Fi access points is ~330 bytes; the length prefix allows 9999. */
export const MEGASTEK_MAX_FRAME = 10_003;

const DOLLAR = 0x24;
const LF = 0x0a;
const CR = 0x0d;
const isDigit = (b: number | undefined) => b !== undefined && b >= 0x30 && b <= 0x39;

/**
 * Megastek frames come two ways: `NNNN$MGV002,…;!` with a 4-digit decimal length of what follows it (no line
 * end), or a line ending in CR LF / LF (`$MGV002,…;!`, `STX…$GPRMC…;cs`, `cmd=…`). The length form is cut by its
 * length; a line by its end; a line longer than the limit is dropped up to its end.
 */
export const megastekFramer: FramerFactory = () => new MegastekFramer();

class MegastekFramer implements Framer {
  private readonly queue = new ByteQueue();
  private discarding = false;

  get buffered(): number {
    return this.queue.length;
  }

  push(chunk: Buffer): Buffer[] {
    this.queue.append(chunk);
    const buffer = this.queue.view();
    const frames: Buffer[] = [];
    let at = 0;
    while (at < buffer.length) {
      if (this.discarding) {
        const end = buffer.indexOf(LF, at);
        if (end < 0) {
          at = buffer.length;
          break;
        }
        this.discarding = false;
        at = end + 1;
        continue;
      }
      const first = buffer[at];
      if (first === CR || first === LF) {
        at += 1;
        continue;
      }
      if (
        isDigit(first) &&
        isDigit(buffer[at + 1]) &&
        isDigit(buffer[at + 2]) &&
        isDigit(buffer[at + 3]) &&
        buffer[at + 4] === DOLLAR
      ) {
        const length = Number(buffer.toString('latin1', at, at + 4));
        if (buffer.length - at < 4 + length) break;
        const frame = buffer.subarray(at, at + 4 + length);
        // a wrong length would cut inside the next frame: a line end inside it ends the frame there instead
        const lineEnd = frame.indexOf(LF);
        const cut = lineEnd >= 0 ? lineEnd + 1 : frame.length;
        const body = trimLineEnd(buffer.subarray(at, at + cut));
        if (body.length > 0) frames.push(Buffer.from(body));
        at += cut;
        continue;
      }
      const end = buffer.indexOf(LF, at);
      if (end < 0) {
        if (buffer.length - at > MEGASTEK_MAX_FRAME) {
          this.discarding = true;
          at = buffer.length;
        }
        break;
      }
      const line = trimLineEnd(buffer.subarray(at, end));
      if (line.length > 0 && line.length <= MEGASTEK_MAX_FRAME) frames.push(Buffer.from(line));
      at = end + 1;
    }
    this.queue.consume(at);
    return frames;
  }
}

function trimLineEnd(frame: Buffer): Buffer {
  let end = frame.length;
  while (end > 0 && (frame[end - 1] === LF || frame[end - 1] === CR)) end--;
  return frame.subarray(0, end);
}
