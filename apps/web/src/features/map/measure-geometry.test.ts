import { describe, expect, it } from 'vitest';
import { distanceBetween, pathLength, polygonArea } from './measure-geometry';

describe('geometry', () => {
  it('measures great-circle distances and path lengths', () => {
    expect(distanceBetween([0, 0], [0, 1])).toBeCloseTo(111_195, -1);
    expect(
      pathLength([
        [0, 0],
        [0, 1],
        [1, 1],
      ]),
    ).toBeCloseTo(222_373, -2);
    expect(pathLength([[0, 0]])).toBe(0);
  });

  it('measures polygon areas', () => {
    const square = polygonArea([
      [0, 0],
      [0, 0.01],
      [0.01, 0.01],
      [0.01, 0],
    ]);
    expect(square / 1_236_000).toBeCloseTo(1, 1);
    expect(
      polygonArea([
        [0, 0],
        [1, 1],
      ]),
    ).toBe(0);
  });
});
