import { type Cut, scanningFramer } from '../../codec/scanning.framer';
import type { FramerFactory } from '../protocol.types';

/** Longest frame: the 16-bit length field's. */
export const T800X_MAX_FRAME = 0xffff;

/**
 * `<header 2><type><length u16><sequence u16><IMEI 8 BCD>…`: the header is one of `##`, `$$`, `%%`, `&&`, `''`
 * twice, then a known type; the length counts the whole frame (at least its 15 header bytes). Anything else is skipped a byte at a time.
 */
/** Message types the device sends (login to time calibration, tags, GPS with battery, answers, cells). */
const TYPES = new Set([0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x10, 0x14, 0x81, 0x91]);

export const t800xFramer: FramerFactory = scanningFramer(cutT800x);

function cutT800x(buffer: Buffer, at: number): Cut {
  const header = buffer[at] as number;
  if (header < 0x23 || header > 0x27) return { skip: true };
  if (at + 5 > buffer.length) return { wait: true };
  if (buffer[at + 1] !== header || !TYPES.has(buffer[at + 2] as number)) return { skip: true };
  const length = buffer.readUInt16BE(at + 3);
  if (length < 15) return { skip: true };
  return buffer.length - at < length ? { wait: true } : { frame: length };
}
