import { type Cut, scanningFramer } from '../../codec/scanning.framer';
import type { FramerFactory } from '../protocol.types';

/** Longest frame: a 4-digit decimal length below 2000. */
export const TOTEM_MAX_FRAME = 2048;
/** Shortest frame either layout allows (a heartbeat is 25 bytes). */
const MIN_FRAME = 20;

const isDigit = (b: number | undefined) => b !== undefined && b >= 0x30 && b <= 0x39;
const isHex = (b: number | undefined) =>
  b !== undefined && ((b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x46) || (b >= 0x61 && b <= 0x66));

/**
 * Every Totem frame opens with `$$` and its own length, counted over the whole frame: the newer layouts (AT07/AT09
 * and later: `$$<4 decimal digits><type><imei>…<xor>`) carry four decimal digits, the oldest (`$$<2 hex digits><id>|…
 * <crc16>`) two hexadecimal ones. A length of under 2000 opens with 0 or 1, which two hex digits of a real frame
 * (at least 0x20 long) never do, so the first digit tells the layouts apart. The CR LF the oldest devices send after
 * a frame is skipped as garbage before the next `$$`.
 */
export const totemFramer: FramerFactory = scanningFramer(cutTotem);

function cutTotem(buffer: Buffer, at: number): Cut {
  if (buffer[at] !== 0x24) return { skip: true };
  if (at + 1 >= buffer.length) return { wait: true };
  if (buffer[at + 1] !== 0x24) return { skip: true };
  if (at + 6 >= buffer.length) return { wait: true };
  let length: number;
  const first = buffer[at + 2];
  if (first === 0x30 || first === 0x31) {
    if (!isDigit(buffer[at + 3]) || !isDigit(buffer[at + 4]) || !isDigit(buffer[at + 5])) return { skip: true };
    length = Number(buffer.toString('latin1', at + 2, at + 6));
  } else {
    if (!isHex(buffer[at + 2]) || !isHex(buffer[at + 3]) || !isDigit(buffer[at + 4])) return { skip: true };
    length = Number.parseInt(buffer.toString('latin1', at + 2, at + 4), 16);
  }
  if (length < MIN_FRAME) return { skip: true };
  return buffer.length - at < length ? { wait: true } : { frame: length };
}
