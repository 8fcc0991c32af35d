import { type Cut, scanningFramer } from '../../codec/scanning.framer';
import type { Framer, FramerFactory } from '../protocol.types';

/** Longest frame kept: a binary report of many records, or a text message. */
export const JT600_MAX_FRAME = 8192;
/** Longest text message `(…)`. */
const MAX_TEXT = 2048;
/** Inside text messages, `=` escapes a byte: the next byte XOR 0x3D (`(` is sent `= 15`, `)` `= 14`, `=` `= 00`). */
const ESCAPE = 0x3d;

/**
 * Binary reports: `$`, 5-byte BCD id, then either a version/type byte and a 16-bit record length (older JT600 form,
 * length + 10 bytes in all, a record index closing it) or a version byte, a data type byte (0x10 and up) and a
 * 16-bit data length (JT701/JT707 form, length + 10 bytes). Text messages: `(` … `)`.
 */
function cutJt600(buffer: Buffer, at: number): Cut {
  const first = buffer[at];
  if (first === 0x24) {
    if (buffer.length - at < 10) return { wait: true };
    const extended = (buffer[at + 7] as number) >= 0x10;
    const length = extended ? buffer.readUInt16BE(at + 8) : buffer.readUInt16BE(at + 7);
    const total = length + 10;
    if (length === 0 || total > JT600_MAX_FRAME) return { skip: true };
    return buffer.length - at < total ? { wait: true } : { frame: total };
  }
  if (first === 0x28) {
    const end = buffer.indexOf(0x29, at + 1);
    if (end < 0) return buffer.length - at > MAX_TEXT ? { skip: true } : { wait: true };
    return end + 1 - at > MAX_TEXT ? { skip: true } : { frame: end + 1 - at };
  }
  return { skip: true };
}

/** Undoes the `=` escapes of a text message (binary reports are sent as they are). */
export function unescapeJt600(frame: Buffer): Buffer {
  if (frame[0] !== 0x28 || !frame.includes(ESCAPE)) return frame;
  const out = Buffer.alloc(frame.length);
  let length = 0;
  for (let i = 0; i < frame.length; i++) {
    const byte = frame[i] as number;
    if (byte === ESCAPE && i + 1 < frame.length - 1) {
      out[length++] = (frame[++i] as number) ^ ESCAPE;
    } else out[length++] = byte;
  }
  return out.subarray(0, length);
}

const cutter = scanningFramer(cutJt600);

export const jt600Framer: FramerFactory = () => {
  const inner: Framer = cutter();
  return {
    push: (chunk: Buffer) => inner.push(chunk).map(unescapeJt600),
    get buffered() {
      return inner.buffered;
    },
  };
};
