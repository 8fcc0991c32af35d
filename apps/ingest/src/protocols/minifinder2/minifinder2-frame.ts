/** The frame: AB, flags, content length (LE), CRC-16/XMODEM of the content (LE), index (LE), content. */
export const HEADER = 0xab;
export const HEAD_LENGTH = 8;
/** Flag bit 4: the device wants an answer. */
export const FLAG_ACK = 0x10;

export const MSG_DATA = 0x01;
export const MSG_SERVICES = 0x03;
export const MSG_SYSTEM_CONTROL = 0x04;
export const MSG_RESPONSE = 0x7f;

/** CRC-16/XMODEM (polynomial 0x1021, init 0, not reflected). Check value: "123456789" → 0x31C3. */
export function crc16Xmodem(data: Uint8Array): number {
  let crc = 0;
  for (const byte of data) {
    crc ^= byte << 8;
    for (let k = 0; k < 8; k++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

export function minifinder2Frame(content: Buffer, index: number, flags = 0): Buffer {
  const head = Buffer.alloc(HEAD_LENGTH);
  head.writeUInt8(HEADER, 0);
  head.writeUInt8(flags, 1);
  head.writeUInt16LE(content.length, 2);
  head.writeUInt16LE(crc16Xmodem(content), 4);
  head.writeUInt16LE(index & 0xffff, 6);
  return Buffer.concat([head, content]);
}
