import { crc16Ibm } from '../../codec/crc16';
import { type Cut, scanningFramer } from '../../codec/scanning.framer';
import type { FramerFactory } from '../protocol.types';

/** Longest frame kept: a binary report's length field is 16 bits (plus its 6-byte head). */
export const ATRACK_MAX_FRAME = 6 + 0xffff;
/** Longest `$…` command reply line kept. */
const MAX_REPLY = 2048;

const SKIP: Cut = { skip: true };
const WAIT: Cut = { wait: true };
const isDigit = (b: number | undefined) => b !== undefined && b >= 0x30 && b <= 0x39;
const isHex = (b: number | undefined) =>
  b !== undefined && ((b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x46) || (b >= 0x61 && b <= 0x66));

/** `\r\n` ends at or after `from`: the offset just past it, or -1. */
function lineEnd(buffer: Buffer, from: number, limit: number): number {
  const at = buffer.indexOf('\r\n', from, 'latin1');
  return at < 0 || at + 2 > limit ? -1 : at + 2;
}

/**
 * An ASCII report: two prefix bytes, `,CRC,length,` where the length counts from the comma after it; the frame
 * takes the line break that follows (devices count it or not).
 */
function cutText(buffer: Buffer, at: number): Cut {
  let i = at + 3;
  const crcStart = i;
  while (i < buffer.length && isHex(buffer[i]) && i - crcStart < 4) i++;
  if (i >= buffer.length) return WAIT;
  if (i - crcStart !== 4 || buffer[i] !== 0x2c) return SKIP;
  i++;
  const lengthStart = i;
  let length = 0;
  while (i < buffer.length && isDigit(buffer[i]) && i - lengthStart < 6)
    length = length * 10 + (buffer[i++] as number) - 0x30;
  if (i >= buffer.length) return WAIT;
  if (i === lengthStart || buffer[i] !== 0x2c || length === 0 || length > ATRACK_MAX_FRAME) return SKIP;
  let end = i + length;
  if (end > buffer.length) return WAIT;
  // the records end with \r\n: take the break the length stops short of or inside, leave the byte after it
  if (buffer[end - 1] === 0x0d) {
    if (end >= buffer.length) return WAIT;
    if (buffer[end] === 0x0a) end++;
  } else if (buffer[end - 1] !== 0x0a) {
    if (buffer[end - 2] === 0x0a && buffer[end - 3] === 0x0d) end--;
    else if (buffer[end] === 0x0d) {
      if (end + 1 >= buffer.length) return WAIT;
      if (buffer[end + 1] === 0x0a) end += 2;
    }
  }
  return { frame: end - at };
}

/**
 * ATrack frames, told apart by their first bytes: the keep-alive 0xFE 0x02 (12 bytes), `$…\r\n` command replies,
 * ASCII reports (a third byte ','), binary reports `@` + prefix byte, CRC-16/ARC and a 16-bit length (checked, so
 * garbage that looks like a header is skipped).
 */
function cutAt(buffer: Buffer, at: number, budget: { spend(bytes: number): boolean }): Cut {
  const first = buffer[at] as number;
  if (at + 1 >= buffer.length) return first === 0xfe || first === 0x40 || first === 0x24 ? WAIT : SKIP;
  const second = buffer[at + 1] as number;
  if (first === 0xfe && second === 0x02) return at + 12 <= buffer.length ? { frame: 12 } : WAIT;
  if (first === 0x24) {
    if (second < 0x41 || second > 0x5a) return SKIP;
    const end = lineEnd(buffer, at, at + MAX_REPLY);
    if (end > 0) return { frame: end - at };
    return buffer.length - at >= MAX_REPLY ? SKIP : WAIT;
  }
  if (at + 2 >= buffer.length) return first === 0x40 || isLetterOrControl(first) ? WAIT : SKIP;
  if (buffer[at + 2] === 0x2c) return cutText(buffer, at);
  if (first !== 0x40) return SKIP;
  if (at + 6 > buffer.length) return WAIT;
  const length = buffer.readUInt16BE(at + 4);
  if (length < 10) return SKIP;
  const end = at + 6 + length;
  if (end > buffer.length) return WAIT;
  if (!budget.spend(length)) return SKIP;
  if (crc16Ibm(buffer.subarray(at + 4, end)) !== buffer.readUInt16BE(at + 2)) return SKIP;
  return { frame: end - at };
}

/** A byte that may open an ASCII report's two-byte prefix (any but line breaks and NUL). */
const isLetterOrControl = (b: number) => b !== 0x00 && b !== 0x0a && b !== 0x0d;

export const atrackFramer: FramerFactory = scanningFramer(cutAt);
