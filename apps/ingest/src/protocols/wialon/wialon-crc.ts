/**
 * Wialon IPS 2.0 checksum: CRC-16/ARC (poly 0x8005 reflected = 0xA001, init 0, no final xor) over the packet body
 * after `#XX#` up to and including the last `;` (or `|` in a black box packet), sent as hex after it.
 */
export function wialonCrc16(text: string): number {
  let crc = 0;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte;
    for (let i = 0; i < 8; i++) crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
  }
  return crc;
}

/** A checksum field as sent (`F24A`, `0x9b0`), or undefined when it is not one. */
export function parseWialonCrc(field: string): number | undefined {
  const m = /^(?:0x)?([0-9a-fA-F]{1,4})$/.exec(field.trim());
  return m ? Number.parseInt(m[1] as string, 16) : undefined;
}
