import { describe, expect, it } from 'vitest';
import { bcdByte, bcdPairs, readBcd } from './bcd';
import { ByteReader } from './byte-reader';

describe('bcd', () => {
  it('reads each nibble as a digit, a nibble above 9 at its value', () => {
    expect(bcdByte(0x59)).toBe(59);
    expect(bcdByte(0x1a)).toBe(20);
    expect(bcdPairs(Buffer.from('250131', 'hex'))).toEqual([25, 1, 31]);
  });

  it('reads an odd count of digits from the high nibble of the next byte without consuming it', () => {
    const reader = new ByteReader(Buffer.from('12345f', 'hex'));
    expect(readBcd(reader, 5)).toBe(12345);
    expect(reader.position).toBe(2);
  });
});
