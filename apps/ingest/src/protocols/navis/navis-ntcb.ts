/**
 * Navtelecom NTCB transport: every message is a 16-byte header and a payload. The header is `@NTC`, the receiver's
 * id and the sender's id (32-bit little-endian each), the payload length (16-bit LE), the XOR of the payload bytes
 * and the XOR of the 15 header bytes before it. The server answers with the two ids swapped.
 */
export const NTCB_HEADER = 16;
export const NTCB_MAGIC = Buffer.from('@NTC', 'latin1');

/** XOR of `buffer[start..end)`. */
export function xorSum(buffer: Buffer, start: number, end: number): number {
  let sum = 0;
  for (let i = start; i < end; i++) sum ^= buffer[i] as number;
  return sum;
}

/** True when `buffer` holds `@NTC` at `at`. */
export function isNtcb(buffer: Buffer, at = 0): boolean {
  return buffer[at] === 0x40 && buffer[at + 1] === 0x4e && buffer[at + 2] === 0x54 && buffer[at + 3] === 0x43;
}

/** An NTCB message from `sender` to `receiver` carrying `payload`, with both checksums. */
export function ntcbPacket(receiver: number, sender: number, payload: Buffer): Buffer {
  const packet = Buffer.alloc(NTCB_HEADER + payload.length);
  NTCB_MAGIC.copy(packet, 0);
  packet.writeUInt32LE(receiver >>> 0, 4);
  packet.writeUInt32LE(sender >>> 0, 8);
  packet.writeUInt16LE(payload.length, 12);
  payload.copy(packet, NTCB_HEADER);
  packet[14] = xorSum(payload, 0, payload.length);
  packet[15] = xorSum(packet, 0, 15);
  return packet;
}

/**
 * CRC-8 of FLEX `~` messages (polynomial 0x31, initial 0xFF, not reflected: the CRC-8 of EGTS headers), over every
 * byte of the message from `~` up to the checksum.
 */
export function crc8(buffer: Buffer, start: number, end: number): number {
  let crc = 0xff;
  for (let i = start; i < end; i++) {
    crc ^= buffer[i] as number;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x80 ? ((crc << 1) ^ 0x31) & 0xff : (crc << 1) & 0xff;
  }
  return crc;
}

/** A FLEX message `~<type>` with `body` and its CRC-8 (the server's acknowledgements). */
export function flexPacket(type: string, body: Buffer = Buffer.alloc(0)): Buffer {
  const packet = Buffer.alloc(3 + body.length);
  packet[0] = 0x7e;
  packet.write(type, 1, 'latin1');
  body.copy(packet, 2);
  packet[packet.length - 1] = crc8(packet, 0, packet.length - 1);
  return packet;
}
