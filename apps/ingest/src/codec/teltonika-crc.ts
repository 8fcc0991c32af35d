/**
 * Two reflected CRC-16 variants of European tracker protocols, table-driven.
 * - CRC-16/IBM (a.k.a. ARC: polynomial 0x8005 reflected = 0xA001, init 0, no final XOR): Teltonika AVL frames.
 *   Check value: crc16Ibm("123456789") === 0xBB3D.
 * - CRC-16/KERMIT (polynomial 0x1021 reflected = 0x8408, init 0, no final XOR): Ruptela frames.
 *   Check value: crc16Kermit("123456789") === 0x2189.
 */
function reflectedTable(polynomial: number): Uint16Array {
  const table = new Uint16Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ polynomial : c >>> 1;
    table[n] = c;
  }
  return table;
}

const IBM_TABLE = reflectedTable(0xa001);
const KERMIT_TABLE = reflectedTable(0x8408);

function reflectedCrc(table: Uint16Array, data: Uint8Array): number {
  let crc = 0;
  for (const byte of data) crc = (crc >>> 8) ^ (table[(crc ^ byte) & 0xff] as number);
  return crc & 0xffff;
}

export function crc16Ibm(data: Uint8Array): number {
  return reflectedCrc(IBM_TABLE, data);
}

export function crc16Kermit(data: Uint8Array): number {
  return reflectedCrc(KERMIT_TABLE, data);
}
