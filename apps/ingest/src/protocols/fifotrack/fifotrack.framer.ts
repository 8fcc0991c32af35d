import { type Cut, scanningFramer } from '../../codec/scanning.framer';

export const FIFOTRACK_MAX_FRAME = 8 * 1024;

/**
 * `$$<pack-len>,…*<checksum>`: pack-len counts the bytes from the comma after it to the `*`, so a frame (binary
 * photo data included) is cut by its length and ends with `*hh` (the CR LF after it is skipped). A frame whose `*`
 * is not where its length says is cut at its CR LF instead (some firmware miscounts by one).
 */
export const fifotrackFramer = scanningFramer(cutFifotrack);

function cutFifotrack(buffer: Buffer, at: number): Cut {
  if (buffer[at] !== 0x24) return { skip: true };
  if (at + 1 >= buffer.length) return { wait: true };
  if (buffer[at + 1] !== 0x24) return { skip: true };
  let i = at + 2;
  let length = 0;
  for (; i < buffer.length && buffer[i] !== 0x2c; i++) {
    const digit = (buffer[i] as number) - 0x30;
    if (digit < 0 || digit > 9 || i - at > 6) return { skip: true };
    length = length * 10 + digit;
  }
  if (i >= buffer.length) return { wait: true };
  if (i === at + 2) return { skip: true };
  const star = i + length;
  const whole = star + 3 - at;
  if (whole > FIFOTRACK_MAX_FRAME) return { skip: true };
  if (buffer.length < at + whole) return { wait: true };
  if (buffer[star] === 0x2a) return { frame: whole };
  // miscounted: the frame ends at its CR LF, if it has one within the limit
  const end = buffer.indexOf('\r\n', i, 'latin1');
  if (end < 0) return buffer.length - at > FIFOTRACK_MAX_FRAME ? { skip: true } : { wait: true };
  return end - at <= FIFOTRACK_MAX_FRAME ? { frame: end - at } : { skip: true };
}
