import type { Cut } from '../../codec/scanning.framer';
import { scanningFramer } from '../../codec/scanning.framer';
import type { FramerFactory } from '../protocol.types';

export const ULBOTECH_MAX_FRAME = 4096;

/** A binary frame from 0xF8 to the next 0xF8, or a text frame from `*` to `#`. */
function cutAt(buffer: Buffer, at: number): Cut {
  const first = buffer[at];
  if (first !== 0xf8 && first !== 0x2a) return { skip: true };
  const end = buffer.indexOf(first === 0xf8 ? 0xf8 : 0x23, at + 1);
  if (end < 0) return buffer.length - at > ULBOTECH_MAX_FRAME ? { skip: true } : { wait: true };
  if (end - at + 1 > ULBOTECH_MAX_FRAME) return { skip: true };
  if (first === 0xf8 && end === at + 1) return { skip: true }; // F8 F8: the end of one frame, the start of the next
  return { frame: end - at + 1 };
}

/** Undoes the byte stuffing of binary frames: F7 00 stands for F7 and F7 01 for F8 inside a frame. */
export function unescapeUlbotech(frame: Buffer): Buffer {
  if (frame[0] !== 0xf8 || !frame.includes(0xf7)) return frame;
  const out = Buffer.alloc(frame.length);
  let length = 0;
  for (let i = 0; i < frame.length; i++) {
    const byte = frame[i] as number;
    if (byte === 0xf7 && i + 1 < frame.length - 1 && (frame[i + 1] === 0 || frame[i + 1] === 1)) {
      out[length++] = frame[i + 1] === 0 ? 0xf7 : 0xf8;
      i += 1;
    } else {
      out[length++] = byte;
    }
  }
  return out.subarray(0, length);
}

const scan = scanningFramer(cutAt);

/** Ulbotech framing over TCP: binary frames unescaped, text frames as sent. */
export const ulbotechFramer: FramerFactory = () => {
  const inner = scan();
  return {
    push: (chunk) => inner.push(chunk).map(unescapeUlbotech),
    get buffered() {
      return inner.buffered;
    },
  };
};
