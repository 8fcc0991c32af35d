/**
 * The checksums devices put on their frames, written from the public protocol documents (the simulator builds
 * frames as a device does, independently of the decoders it exercises).
 */

/** CRC-ITU as Concox documents it (CRC-16/X-25: polynomial 0x1021 reflected, init 0xFFFF, final XOR 0xFFFF). */
export function crcItu(data: Uint8Array): number {
  let crc = 0xffff;
  for (const byte of data) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0x8408 : crc >>> 1;
  }
  return ~crc & 0xffff;
}

/** The CRC of each byte value alone (byte-at-a-time form of the bitwise definition, for crc16Ibm). */
const IBM_TABLE = Uint16Array.from({ length: 256 }, (_, value) => {
  let crc = value;
  for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
  return crc;
});

/** CRC-16/IBM as Teltonika documents it (polynomial 0x8005 reflected = 0xA001, init 0, no final XOR). */
export function crc16Ibm(data: Uint8Array): number {
  let crc = 0;
  for (let i = 0; i < data.length; i++) crc = (crc >>> 8) ^ (IBM_TABLE[(crc ^ (data[i] as number)) & 0xff] as number);
  return crc;
}
