import { scanningFramer } from '../../codec/scanning.framer';

/** Largest packet: a 15-bit length, the 3-byte head and the 2-byte checksum. */
export const GALILEO_MAX_FRAME = 0x7fff + 5;

/**
 * Galileosky packets: a header byte (0x01 data, 0x07 photo, 0x08 compressed; 0x02 is the server's ack), a
 * little-endian 16-bit length whose top bit flags unsent archive data, the payload and a CRC-16/MODBUS. A packet
 * is cut by its length; a header byte that is none of these, or a length of 0, is skipped. Devices sending over
 * Iridium arrive as SBD messages (see isIridium), cut by their own length.
 */
export const galileoFramer = scanningFramer((buffer, at) => {
  const header = buffer[at];
  if (isIridium(buffer, at)) {
    // Iridium SBD (DirectIP): revision 1, a big-endian length, then the mobile-originated header element
    const length = buffer.readUInt16BE(at + 1);
    if (buffer.length - at < length + 3) return { wait: true };
    return { frame: length + 3 };
  }
  if (header !== 0x01 && header !== 0x07 && header !== 0x08) return { skip: true };
  if (buffer.length - at < 3) return { wait: true };
  const length = buffer.readUInt16LE(at + 1) & 0x7fff;
  if (length === 0) return { skip: true };
  if (buffer.length - at < length + 5) return { wait: true };
  return { frame: length + 5 };
});

/** An Iridium SBD message: 0x01, a 16-bit length, then the MO header element (id 0x01, 28 bytes). */
export function isIridium(buffer: Buffer, at = 0): boolean {
  return buffer[at] === 0x01 && buffer[at + 3] === 0x01 && buffer[at + 4] === 0x00 && buffer[at + 5] === 0x1c;
}
