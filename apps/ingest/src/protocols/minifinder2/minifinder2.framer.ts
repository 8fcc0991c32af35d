import { type Cut, scanningFramer } from '../../codec/scanning.framer';
import type { FramerFactory } from '../protocol.types';
import { HEAD_LENGTH, HEADER } from './minifinder2-frame';

/** Frames open with 0xAB and carry their content length (little-endian) in bytes 2-3: at most 8 + 0xFFFF bytes. */
function cutMinifinder2(buffer: Buffer, at: number): Cut {
  if (buffer[at] !== HEADER) return { skip: true };
  if (buffer.length - at < 4) return { wait: true };
  const length = HEAD_LENGTH + buffer.readUInt16LE(at + 2);
  if (length === HEAD_LENGTH) return { skip: true }; // every frame has a message type
  return buffer.length - at < length ? { wait: true } : { frame: length };
}

export const minifinder2Framer: FramerFactory = scanningFramer(cutMinifinder2);
