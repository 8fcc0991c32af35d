import { type Cut, scanningFramer } from '../../codec/scanning.framer';
import type { FramerFactory } from '../protocol.types';

/** Longest frame kept: multi-line OBD/CAN reports (710) run to a few hundred bytes. */
export const STARTEK_MAX_FRAME = 8192;

const AMP = 0x26;
const COMMA = 0x2c;
const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).toUpperCase().padStart(2, '0'));

/**
 * The text of a frame at `at`: `&&`, a packet number (one printable character), the decimal length of what follows
 * from the comma up to the checksum, that text, two hex digits of checksum and `lineEnd` bytes (CRLF). Returns the total
 * length, 0 when the bytes so far cannot start one, -1 when more bytes are needed.
 */
export function startekFrameLength(buffer: Buffer, at: number, lineEnd = 2): number {
  const available = buffer.length - at;
  if (available < 1) return -1;
  if (buffer[at] !== AMP) return 0;
  if (available < 2) return -1;
  if (buffer[at + 1] !== AMP) return 0;
  if (available < 3) return -1;
  const packet = buffer[at + 2] as number;
  if (packet < 0x21 || packet > 0x7e) return 0;
  let length = 0;
  let i = at + 3;
  for (; i < buffer.length && buffer[i] !== COMMA; i++) {
    const digit = (buffer[i] as number) - 0x30;
    if (digit < 0 || digit > 9 || i - at - 3 >= 5) return 0;
    length = length * 10 + digit;
  }
  if (i >= buffer.length) return -1;
  if (i === at + 3) return 0;
  const total = i - at + length + 2 + lineEnd;
  if (length < 1 || total > STARTEK_MAX_FRAME) return 0;
  return available < total ? -1 : total;
}

/** Whether the two hex digits at `end` are the checksum of the bytes before them. */
export function startekChecksumAt(frame: Buffer, end: number): boolean {
  return frame.toString('latin1', end, end + 2).toUpperCase() === startekChecksum(frame.subarray(0, end));
}

/** Whether a whole candidate ends in CRLF after a checksum that matches. */
function startekChecksumOk(frame: Buffer): boolean {
  const end = frame.length - 4;
  if (frame[end + 2] !== 0x0d || frame[end + 3] !== 0x0a) return false;
  return startekChecksumAt(frame, end);
}

/** The checksum: the sum of the bytes, modulo 256, as two upper-case hex digits. */
export function startekChecksum(bytes: Buffer): string {
  let sum = 0;
  for (let i = 0; i < bytes.length; i++) sum += bytes[i] as number;
  return HEX[sum & 0xff] as string;
}

/**
 * Cuts an iStartek stream into `&&…\r\n` frames by their length field (a report may hold several lines), and keeps a
 * frame only when its checksum matches; anything else is skipped a byte at a time.
 */
export const startekFramer: FramerFactory = scanningFramer((buffer, at, budget): Cut => {
  const total = startekFrameLength(buffer, at);
  if (total < 0) return { wait: true };
  if (total === 0) return { skip: true };
  if (!budget.spend(total)) return { skip: true };
  return startekChecksumOk(buffer.subarray(at, at + total)) ? { frame: total } : { skip: true };
});
