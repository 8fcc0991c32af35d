import { type Cut, scanningFramer } from '../../codec/scanning.framer';
import type { FramerFactory } from '../protocol.types';
import { HEAD_LENGTH, HEADER } from './minifinder2-frame';

/** Longest frame: the 8-byte head and a 16-bit content length. */
export const MINIFINDER2_MAX_FRAME = HEAD_LENGTH + 0xffff;

/** Frames open with 0xAB and carry their content length (little-endian) in bytes 2-3. */
function cutMinifinder2(buffer: Buffer, at: number): Cut {
  if (buffer[at] !== HEADER) return { skip: true };
  if (buffer.length - at < 4) return { wait: true };
  const length = HEAD_LENGTH + buffer.readUInt16LE(at + 2);
  if (length === HEAD_LENGTH) return { skip: true }; // every frame has a message type
  return buffer.length - at < length ? { wait: true } : { frame: length };
}

export const minifinder2Framer: FramerFactory = scanningFramer(cutMinifinder2);
