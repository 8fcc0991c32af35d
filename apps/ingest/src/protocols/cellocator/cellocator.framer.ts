import { type Cut, scanningFramer } from '../../codec/scanning.framer';
import type { FramerFactory } from '../protocol.types';

const SYSTEM_CODE = Buffer.from('MCGP', 'latin1');

/**
 * The whole length of a unit message from its type: status (0) and serial log (7) 70 bytes, programming data (3)
 * 31, serial data (8) 19 plus the 16-bit length at 16, modular (9) 15 plus the byte at 13, extended modular (11) 16
 * plus the 16-bit length at 13; -1 when the bytes that say it have not arrived, 0 for an unknown type.
 */
export function cellocatorFrameLength(buffer: Buffer, at: number): number {
  const available = buffer.length - at;
  if (available < 5) return -1;
  switch (buffer[at + 4]) {
    case 0:
    case 7:
      return 70;
    case 3:
      return 31;
    case 8:
      return available < 18 ? -1 : 19 + buffer.readUInt16LE(at + 16);
    case 9:
      return available < 14 ? -1 : 15 + (buffer[at + 13] as number);
    case 11:
      return available < 15 ? -1 : 16 + buffer.readUInt16LE(at + 13);
    default:
      return 0;
  }
}

/** The error detection code: the sum of the bytes after the system code, modulo 256. */
export function cellocatorChecksum(bytes: Buffer, from: number, to: number): number {
  let sum = 0;
  for (let i = from; i < to; i++) sum += bytes[i] as number;
  return sum & 0xff;
}

/**
 * Cuts a Cellocator stream at `MCGP`: the message type gives the length (at most 16 + 65,535 bytes), and a candidate whose last byte is not the
 * sum of the bytes after `MCGP` is a false start.
 */
export const cellocatorFramer: FramerFactory = scanningFramer((buffer, at, budget): Cut => {
  for (let i = 0; i < 4; i++) {
    if (at + i >= buffer.length) return { wait: true };
    if (buffer[at + i] !== SYSTEM_CODE[i]) return { skip: true };
  }
  const total = cellocatorFrameLength(buffer, at);
  if (total < 0) return { wait: true };
  if (total === 0) return { skip: true };
  if (buffer.length - at < total) return { wait: true };
  if (!budget.spend(total)) return { skip: true };
  const end = at + total - 1;
  return cellocatorChecksum(buffer, at + 4, end) === buffer[end] ? { frame: total } : { skip: true };
});
