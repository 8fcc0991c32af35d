import { type Cut, scanningFramer } from '../../codec/scanning.framer';
import type { FramerFactory } from '../protocol.types';
import { egtsCrc8 } from './egts-crc';

/**
 * The whole length of a transport packet at `at`: protocol version 1, header length 11 or 16 (with routing), the
 * header's CRC-8, then the data length it gives plus a CRC-16 when there is data; 0 when no packet starts there, -1
 * when more bytes are needed.
 */
export function egtsFrameLength(buffer: Buffer, at: number): number {
  const available = buffer.length - at;
  if (available < 1) return -1;
  if (buffer[at] !== 0x01) return 0;
  if (available < 4) return -1;
  const headerLength = buffer[at + 3] as number;
  if (headerLength !== 11 && headerLength !== 16) return 0;
  if (available < headerLength) return -1;
  if (egtsCrc8(buffer, at, at + headerLength - 1) !== buffer[at + headerLength - 1]) return 0;
  const dataLength = buffer.readUInt16LE(at + 5);
  return headerLength + dataLength + (dataLength > 0 ? 2 : 0);
}

/**
 * Cuts an EGTS stream into transport packets of at most 16 + 65,535 + 2 bytes (header checked by its CRC-8; the
 * data's CRC is the decoder's).
 */
export const egtsFramer: FramerFactory = scanningFramer((buffer, at): Cut => {
  const total = egtsFrameLength(buffer, at);
  if (total < 0) return { wait: true };
  if (total === 0) return { skip: true };
  return buffer.length - at < total ? { wait: true } : { frame: total };
});
