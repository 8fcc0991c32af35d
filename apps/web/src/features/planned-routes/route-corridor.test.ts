import { describe, expect, it } from 'vitest';
import { corridorWeight, metresPerPixel } from './route-corridor';

describe('corridor drawing', () => {
  it('gives the metres per pixel of the map at a zoom and latitude', () => {
    expect(metresPerPixel(0, 0)).toBeCloseTo(156_543.03, 1);
    expect(metresPerPixel(60, 10)).toBeCloseTo(156_543.03 / 1024 / 2, 1);
  });

  it('draws the corridor as wide as it is on the ground, never thinner than 2 px', () => {
    const line: [number, number][] = [
      [0, 0],
      [0, 0.01],
    ];
    // at zoom 16 on the equator a pixel is 2.39 m: 100 m is about 42 px
    expect(corridorWeight(100, line, 16)).toBeCloseTo(100 / 2.3887, 1);
    expect(corridorWeight(100, line, 3)).toBe(2);
  });
});
