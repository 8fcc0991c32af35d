import { type Cut, scanningFramer } from '../../codec/scanning.framer';
import type { FramerFactory } from '../protocol.types';

/**
 * TCP packets: `67 67 type length(2)` then `length` bytes (at most 5 + 0xFFFF in all); bytes that do not open a
 * packet are skipped.
 */
function cutEelink(buffer: Buffer, at: number): Cut {
  if (buffer[at] !== 0x67) return { skip: true };
  if (buffer.length - at < 2) return { wait: true };
  if (buffer[at + 1] !== 0x67) return { skip: true };
  if (buffer.length - at < 5) return { wait: true };
  const length = 5 + buffer.readUInt16BE(at + 3);
  if (length < 7) return { skip: true }; // every packet holds its index
  return buffer.length - at < length ? { wait: true } : { frame: length };
}

export const eelinkFramer: FramerFactory = scanningFramer(cutEelink);
