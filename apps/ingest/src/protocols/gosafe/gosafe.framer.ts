import { type Cut, scanningFramer } from '../../codec/scanning.framer';
import type { FramerFactory } from '../protocol.types';

/** Longest text report kept (a `*GS…#` batch of buffered records). */
export const GOSAFE_MAX_TEXT = 16 * 1024;
/** Longest binary report kept, escapes included. */
export const GOSAFE_MAX_BINARY = 2048;

const STAR = 0x2a;
const HASH = 0x23;
const FLAG = 0xf8;
const ESCAPE = 0x1b;

/** Binary frames escape 0x1B as 1B 00 and 0xF8 as 1B E3 between their two F8 flags; this undoes it. */
export function unescapeGosafe(bytes: Buffer): Buffer {
  if (!bytes.includes(ESCAPE)) return Buffer.from(bytes);
  const out = Buffer.alloc(bytes.length);
  let length = 0;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i] as number;
    if (byte === ESCAPE && i + 1 < bytes.length) {
      const next = bytes[++i] as number;
      if (next === 0x00) out[length++] = ESCAPE;
      else if (next === 0xe3) out[length++] = FLAG;
    } else {
      out[length++] = byte;
    }
  }
  return out.subarray(0, length);
}

/**
 * GoSafe streams carry text reports `*GSvv,imei,…#` and binary reports between two 0xF8 flags (escaped, see
 * unescapeGosafe). Anything else is skipped a byte at a time; a report longer than its limit is dropped.
 */
function cutGosafe(buffer: Buffer, at: number): Cut {
  const marker = buffer[at];
  if (marker === STAR) {
    const end = buffer.indexOf(HASH, at + 1);
    if (end >= 0 && end - at < GOSAFE_MAX_TEXT) return { frame: end + 1 - at };
    return end < 0 && buffer.length - at < GOSAFE_MAX_TEXT ? { wait: true } : { skip: true };
  }
  if (marker === FLAG) {
    const end = buffer.indexOf(FLAG, at + 1);
    if (end === at + 1) return { skip: true }; // two flags in a row: the first closed a frame we missed
    if (end >= 0 && end - at < GOSAFE_MAX_BINARY) return { frame: end + 1 - at };
    return end < 0 && buffer.length - at < GOSAFE_MAX_BINARY ? { wait: true } : { skip: true };
  }
  return { skip: true };
}

const scanning = scanningFramer(cutGosafe);

/** Text frames as sent; binary frames with their escapes undone. */
export const gosafeFramer: FramerFactory = () => {
  const framer = scanning();
  return {
    push: (chunk) => framer.push(chunk).map((frame) => (frame[0] === FLAG ? unescapeGosafe(frame) : frame)),
    get buffered() {
      return framer.buffered;
    },
  };
};
