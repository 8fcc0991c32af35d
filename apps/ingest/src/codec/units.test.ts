import { describe, expect, it } from 'vitest';
import { knotsFromKph, knotsFromMps, parseJavaDouble, parseJavaInt } from './units';

describe('units', () => {
  it('converts speeds to knots', () => {
    expect(knotsFromKph(100)).toBeCloseTo(53.9957, 3);
    expect(knotsFromMps(1)).toBeCloseTo(1.943844, 5);
  });

  it('parses numbers the way Java does', () => {
    expect(parseJavaDouble('60.0')).toBe(60);
    expect(parseJavaDouble(' -1.5e2 ')).toBe(-150);
    expect(parseJavaDouble('.5')).toBe(0.5);
    expect(parseJavaDouble('3d')).toBe(3);
    for (const bad of ['', 'abc', '0x10', 'NaN', 'Infinity', '1,5']) expect(parseJavaDouble(bad), bad).toBeUndefined();
    expect(parseJavaInt('02')).toBe(2);
    expect(parseJavaInt('-90')).toBe(-90);
    expect(parseJavaInt('1.0')).toBeUndefined();
    expect(parseJavaInt('9999999999')).toBeUndefined();
  });
});
