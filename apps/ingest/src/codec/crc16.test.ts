import { describe, expect, it } from 'vitest';
import { crc16Ibm, crc16Kermit, crc16X25, crc16X25Range } from './crc16';

const check = Buffer.from('123456789', 'latin1');

describe('crc16', () => {
  it('gives each variant its catalogued check value', () => {
    expect(crc16X25(check)).toBe(0x906e);
    expect(crc16Kermit(check)).toBe(0x2189);
    expect(crc16Ibm(check)).toBe(0xbb3d);
  });

  it('computes X-25 over a range as over the same bytes cut out', () => {
    const framed = Buffer.concat([Buffer.of(0x78, 0x78), check, Buffer.of(0x0d, 0x0a)]);
    expect(crc16X25Range(framed, 2, 2 + check.length)).toBe(0x906e);
  });
});
