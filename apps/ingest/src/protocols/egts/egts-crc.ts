/** EGTS checksums (GOST 33472): CRC-8 (poly 0x31, init 0xFF) of the header, CRC-16/CCITT-FALSE of the data. */
const CRC8 = new Uint8Array(256);
const CRC16 = new Uint16Array(256);
for (let i = 0; i < 256; i++) {
  let c8 = i;
  let c16 = i << 8;
  for (let bit = 0; bit < 8; bit++) {
    c8 = c8 & 0x80 ? ((c8 << 1) ^ 0x31) & 0xff : (c8 << 1) & 0xff;
    c16 = c16 & 0x8000 ? ((c16 << 1) ^ 0x1021) & 0xffff : (c16 << 1) & 0xffff;
  }
  CRC8[i] = c8;
  CRC16[i] = c16;
}

export function egtsCrc8(data: Uint8Array, start: number, end: number): number {
  let crc = 0xff;
  for (let i = start; i < end; i++) crc = CRC8[crc ^ (data[i] as number)] as number;
  return crc;
}

export function egtsCrc16(data: Uint8Array, start: number, end: number): number {
  let crc = 0xffff;
  for (let i = start; i < end; i++)
    crc = ((crc << 8) & 0xffff) ^ (CRC16[((crc >> 8) ^ (data[i] as number)) & 0xff] as number);
  return crc;
}
