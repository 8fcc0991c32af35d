import { scanningFramer } from '../../codec/scanning.framer';

/** Largest message: the 7-byte unit id, a 16-bit length at its most and the 3-byte selector. */
export const APLICOM_MAX_FRAME = 2 + 7 + 2 + 3 + 0xffff;

/** The protocol letters a message opens with: C (CAN interface), D (position), E (tachograph), F (CAN), H (histogram). */
const PROTOCOLS = new Set([0x43, 0x44, 0x45, 0x46, 0x48]);

/** Header length of a message opening `protocol, version`: the unit id (7 bytes with an IMEI, 3 without), length, selector. */
export function headerLength(version: number): number {
  return 2 + ((version & 0x80) !== 0 ? 7 : 3) + 2 + ((version & 0x40) !== 0 ? 3 : 0);
}

/**
 * Aplicom D-protocol messages: a protocol letter, a version byte (0x80: the unit id is a 7-byte IMEI, else a 3-byte
 * unit number; 0x40: a 3-byte selector follows the length), the unit id, a big-endian 16-bit length of the data after
 * the header, the selector and the data. Anything else (the ASCII IMEI some units send first on a connection) is
 * skipped a byte at a time.
 */
export const aplicomFramer = scanningFramer((buffer, at) => {
  if (!PROTOCOLS.has(buffer[at] as number)) return { skip: true };
  if (buffer.length - at < 2) return { wait: true };
  const header = headerLength(buffer[at + 1] as number);
  const lengthAt = header - ((buffer[at + 1] as number) & 0x40 ? 5 : 2);
  if (buffer.length - at < header) return { wait: true };
  const total = header + buffer.readUInt16BE(at + lengthAt);
  if (buffer.length - at < total) return { wait: true };
  return { frame: total };
});
