import type { Framer, FramerFactory } from '../protocols/protocol.types';
import { ByteQueue } from './byte-queue';

/** What the bytes at an offset are: a whole frame of some length, not a frame start, or a start not yet whole. */
export type Cut = { frame: number } | { skip: true } | { wait: true };

/**
 * The costly checks a connection may still make (a checksum over a whole candidate frame): each byte received earns
 * WORK_PER_BYTE, up to WORK_CAP. A check the budget cannot pay is not made, so bytes crafted to look like headers cost
 * a bounded amount of work per byte instead of a checksum over kilobytes at every offset; a well-formed stream
 * always pays for its own frames.
 */
export interface WorkBudget {
  /** True (and the work is counted) when `bytes` of work are still affordable. */
  spend(bytes: number): boolean;
}

const WORK_PER_BYTE = 8;
const WORK_CAP = 1 << 20;

/**
 * A framer for binary protocols whose frames are recognised by looking at the bytes at each offset (a length
 * field, a plausible header, a checksum): `cutAt` says what starts there; bytes that start nothing are skipped
 * one at a time until the stream lines up again; an incomplete frame waits for the next chunk.
 */
export function scanningFramer(cutAt: (buffer: Buffer, at: number, budget: WorkBudget) => Cut): FramerFactory {
  return () => new ScanningFramer(cutAt);
}

class ScanningFramer implements Framer, WorkBudget {
  private readonly queue = new ByteQueue();
  private credit = WORK_CAP;

  constructor(private readonly cutAt: (buffer: Buffer, at: number, budget: WorkBudget) => Cut) {}

  get buffered(): number {
    return this.queue.length;
  }

  spend(bytes: number): boolean {
    if (bytes > this.credit) return false;
    this.credit -= bytes;
    return true;
  }

  push(chunk: Buffer): Buffer[] {
    this.credit = Math.min(WORK_CAP, this.credit + chunk.length * WORK_PER_BYTE);
    this.queue.append(chunk);
    const buffer = this.queue.view();
    const frames: Buffer[] = [];
    let offset = 0;
    while (offset < buffer.length) {
      const cut = this.cutAt(buffer, offset, this);
      if ('wait' in cut) break;
      if ('skip' in cut) {
        offset += 1;
        continue;
      }
      frames.push(Buffer.from(buffer.subarray(offset, offset + cut.frame)));
      offset += cut.frame;
    }
    this.queue.consume(offset);
    return frames;
  }
}
