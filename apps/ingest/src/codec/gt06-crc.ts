/**
 * CRC-16/X-25 (reflected polynomial 0x1021, init 0xFFFF, final XOR 0xFFFF), the error check of Concox GT06 frames
 * and of several other Chinese tracker protocols. Check value: crc16X25("123456789") === 0x906E.
 */
const TABLE = (() => {
  const table = new Uint16Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0x8408 : c >>> 1;
    table[n] = c;
  }
  return table;
})();

export function crc16X25(data: Uint8Array): number {
  return crc16X25Range(data, 0, data.length);
}

/** The CRC of `data[start..end)`, without a subarray (for checks and replies on the hot path). */
export function crc16X25Range(data: Uint8Array, start: number, end: number): number {
  let crc = 0xffff;
  for (let i = start; i < end; i++) crc = (crc >>> 8) ^ (TABLE[(crc ^ (data[i] as number)) & 0xff] as number);
  return (crc ^ 0xffff) & 0xffff;
}
