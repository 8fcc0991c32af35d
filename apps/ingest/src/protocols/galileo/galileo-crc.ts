/** CRC-16/MODBUS (polynomial 0x8005 reflected = 0xA001, init 0xFFFF, no final XOR): closes every Galileosky packet. */
const TABLE = (() => {
  const table = new Uint16Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xa001 : c >>> 1;
    table[n] = c;
  }
  return table;
})();

export function crc16Modbus(data: Uint8Array, start = 0, end = data.length): number {
  let crc = 0xffff;
  for (let i = start; i < end; i++) crc = (crc >>> 8) ^ (TABLE[(crc ^ (data[i] as number)) & 0xff] as number);
  return crc;
}
