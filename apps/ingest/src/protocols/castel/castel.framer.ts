import { type Cut, scanningFramer } from '../../codec/scanning.framer';
import type { FramerFactory } from '../protocol.types';

/** Longest frame kept (a login with every supported PID listed is ~220 bytes). */
export const CASTEL_MAX_FRAME = 4096;
/** The shortest frame: `$$`, length, device id, type, CRC, CR LF. */
const MIN_FRAME = 30;

/**
 * Frames open with `@@` or `$$`, carry their whole length little-endian at offset 2 and end with CR LF; a header
 * whose length is out of bounds or whose frame does not end with CR LF is skipped.
 */
function cutCastel(buffer: Buffer, at: number): Cut {
  const first = buffer[at];
  if (first !== 0x40 && first !== 0x24) return { skip: true };
  if (buffer.length - at < 4) return { wait: true };
  if (buffer[at + 1] !== first) return { skip: true };
  const length = buffer.readUInt16LE(at + 2);
  if (length < MIN_FRAME || length > CASTEL_MAX_FRAME) return { skip: true };
  if (buffer.length - at < length) return { wait: true };
  if (buffer[at + length - 2] !== 0x0d || buffer[at + length - 1] !== 0x0a) return { skip: true };
  return { frame: length };
}

export const castelFramer: FramerFactory = scanningFramer(cutCastel);
