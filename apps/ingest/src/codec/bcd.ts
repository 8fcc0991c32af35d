import type { ByteReader } from './byte-reader';

/**
 * Binary-coded decimal: each nibble is one decimal digit. A nibble above 9 is taken at its value (a byte 0x1A reads
 * 20), as Traccar's BCD readers do, so a garbled digit shifts the number instead of failing the frame.
 */

/** The two digits of one byte. */
export const bcdByte = (b: number): number => (b >> 4) * 10 + (b & 0x0f);

/** Each byte of `bytes` as its two digits. */
export function bcdPairs(bytes: Buffer): number[] {
  return [...bytes].map(bcdByte);
}

/** `digits` digits at the cursor; an odd count ends on the high nibble of the next byte, which stays unread. */
export function readBcd(reader: ByteReader, digits: number): number {
  let value = 0;
  for (let i = 0; i < Math.floor(digits / 2); i++) value = value * 100 + bcdByte(reader.u8());
  if (digits % 2 !== 0) value = value * 10 + (reader.peekU8() >> 4);
  return value;
}
