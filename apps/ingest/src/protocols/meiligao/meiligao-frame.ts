/**
 * Meiligao packet layout (GT30i/GT60/VT300/VT310/VT400 GPRS protocol): `$$` from tracker, `@@` from server, then
 * the whole packet's length (2 bytes), the device id (7 bytes: up to 14 BCD digits, padded with 0xF), the command
 * (2 bytes), data, CRC-CCITT of everything before it (2 bytes) and CR LF. Multi-byte numbers are big-endian.
 */
export const HEADER_LENGTH = 13; // $$ + length + id + command
/** Header, checksum and CR LF: a packet without data. */
export const MIN_PACKET = HEADER_LENGTH + 4;

/** CRC-16/CCITT-FALSE (polynomial 0x1021, init 0xFFFF, not reflected). Check value: "123456789" → 0x29B1. */
const TABLE = (() => {
  const table = new Uint16Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n << 8;
    for (let k = 0; k < 8; k++) c = c & 0x8000 ? ((c << 1) ^ 0x1021) & 0xffff : (c << 1) & 0xffff;
    table[n] = c;
  }
  return table;
})();

export function crcCcitt(data: Uint8Array, start = 0, end = data.length): number {
  let crc = 0xffff;
  for (let i = start; i < end; i++) {
    crc = ((crc << 8) & 0xffff) ^ (TABLE[((crc >> 8) ^ (data[i] as number)) & 0xff] as number);
  }
  return crc;
}

/** The device id of the 7 id bytes: their hex digits without the 0xF padding. */
export function idOf(bytes: Uint8Array): string {
  let id = '';
  for (const byte of bytes) {
    const high = byte >> 4;
    const low = byte & 0x0f;
    if (high !== 0x0f) id += high.toString(16);
    if (low !== 0x0f) id += low.toString(16);
  }
  return id;
}

/**
 * The 7 id bytes of a device id of up to 14 digits (padded with 0xF); a 15-digit IMEI is sent without its last
 * (Luhn check) digit, as the devices send their IMEI.
 */
export function idBytes(id: string): Buffer | null {
  if (!/^\d{1,15}$/.test(id)) return null;
  return Buffer.from(id.slice(0, 14).padEnd(14, 'f'), 'hex');
}

/** A server-to-tracker packet: `@@`, length, id, command, data, CRC, CR LF. */
export function serverPacket(id: Uint8Array, command: number, data: Uint8Array = Buffer.alloc(0)): Buffer {
  const length = MIN_PACKET + data.length;
  const packet = Buffer.alloc(length);
  packet.write('@@', 0, 'latin1');
  packet.writeUInt16BE(length, 2);
  packet.set(id.subarray(0, 7), 4);
  packet.writeUInt16BE(command, 11);
  packet.set(data, HEADER_LENGTH);
  packet.writeUInt16BE(crcCcitt(packet, 0, length - 4), length - 4);
  packet[length - 2] = 0x0d;
  packet[length - 1] = 0x0a;
  return packet;
}
