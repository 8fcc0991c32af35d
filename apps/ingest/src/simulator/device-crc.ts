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

/** CRC-16/IBM as Teltonika documents it (polynomial 0x8005 reflected = 0xA001, init 0, no final XOR). */
export function crc16Ibm(data: Uint8Array): number {
  let crc = 0;
  for (const byte of data) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
  }
  return crc & 0xffff;
}
