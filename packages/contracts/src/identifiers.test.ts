import { describe, expect, it } from 'vitest';
import { iccidProblem, iccidSchema, imeiProblem, luhnValid } from './identifiers';

describe('luhnValid', () => {
  it('accepts numbers whose check digit is right and refuses a changed digit', () => {
    expect(luhnValid('79927398713')).toBe(true);
    expect(luhnValid('79927398710')).toBe(false);
    expect(luhnValid('4992739871')).toBe(false);
    expect(luhnValid('')).toBe(false);
    expect(luhnValid('12a4')).toBe(false);
  });
});

describe('ICCID', () => {
  // 8944 1000 0000 0000 000 + check digit computed by hand: Luhn over 894410000000000000 gives 0
  it('accepts a well-formed ICCID and names what is wrong otherwise', () => {
    expect(iccidProblem('8944100000000000000')).toBeNull();
    expect(iccidProblem('8944100000000000003')).toBe('ICCID check digit is wrong');
    expect(iccidProblem('894410000000000')).toMatch(/18 to 20 digits/);
    expect(iccidProblem('7944100000000000000')).toBe('ICCID must start with 89');
    expect(iccidProblem('89441000000000000x0')).toBe('ICCID must contain digits only');
  });

  it('trims before checking in the schema', () => {
    expect(iccidSchema.parse(' 8944100000000000000 ')).toBe('8944100000000000000');
    expect(iccidSchema.safeParse('8944100000000000003').success).toBe(false);
  });
});

describe('IMEI', () => {
  it('checks 15-digit IMEIs only', () => {
    expect(imeiProblem('490154203237518')).toBeNull();
    expect(imeiProblem('490154203237517')).toBe('IMEI check digit is wrong');
    expect(imeiProblem('123456')).toBeNull();
  });
});
