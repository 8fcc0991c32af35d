import { describe, expect, it } from 'vitest';
import { CIRCLE_STEPS, centreOf, circleToPolygon, distanceBetween, outlineOf, parseWkt, toWkt } from './wkt';

describe('parseWkt', () => {
  it('reads a circle with latitude first', () => {
    expect(parseWkt('CIRCLE (48.8566 2.3522, 150)')).toEqual({
      kind: 'circle',
      center: [48.8566, 2.3522],
      radius: 150,
    });
    expect(parseWkt('  circle(48.1 2.2,5.5)  ')).toEqual({ kind: 'circle', center: [48.1, 2.2], radius: 5.5 });
  });

  it('reads a polygon and drops the closing point', () => {
    expect(parseWkt('POLYGON ((1 2, 3 4, 5 6, 1 2))')).toEqual({
      kind: 'polygon',
      points: [
        [1, 2],
        [3, 4],
        [5, 6],
      ],
    });
  });

  it('reads a linestring', () => {
    expect(parseWkt('LINESTRING (1 2, -3.5 4e1)')).toEqual({
      kind: 'polyline',
      points: [
        [1, 2],
        [-3.5, 40],
      ],
    });
  });

  it.each([
    '',
    'POINT (1 2)',
    'CIRCLE (1 2)',
    'CIRCLE (1 2, 0)',
    'CIRCLE (100 2, 10)',
    'POLYGON ((1 2, 3 4, 1 2))',
    'LINESTRING (1 2)',
    'LINESTRING (1 x, 2 3)',
    'POLYGON (1 2, 3 4, 5 6)',
  ])('refuses %j', (text) => {
    expect(parseWkt(text)).toBeNull();
  });
});

describe('toWkt', () => {
  it('writes each shape latitude first and closes rings', () => {
    expect(toWkt({ kind: 'circle', center: [48.85661234, 2.3522], radius: 150.04 })).toBe(
      'CIRCLE (48.856612 2.3522, 150)',
    );
    expect(
      toWkt({
        kind: 'polygon',
        points: [
          [1, 2],
          [3, 4],
          [5, 6],
        ],
      }),
    ).toBe('POLYGON ((1 2, 3 4, 5 6, 1 2))');
    expect(
      toWkt({
        kind: 'polyline',
        points: [
          [1, 2],
          [3, 4],
        ],
      }),
    ).toBe('LINESTRING (1 2, 3 4)');
  });

  it('round-trips through parseWkt', () => {
    for (const text of ['CIRCLE (10 20, 30)', 'POLYGON ((1 2, 3 4, 5 6, 1 2))', 'LINESTRING (1 2, 3 4, 5 6)']) {
      const geometry = parseWkt(text);
      expect(geometry).not.toBeNull();
      if (geometry) expect(toWkt(geometry)).toBe(text);
    }
  });
});

describe('circleToPolygon', () => {
  it('draws 32 points, each the radius away from the centre', () => {
    const points = circleToPolygon([48.8566, 2.3522], 500);
    expect(points).toHaveLength(CIRCLE_STEPS);
    for (const point of points) expect(distanceBetween([48.8566, 2.3522], point)).toBeCloseTo(500, 3);
    expect(points[0]?.[1]).toBeCloseTo(2.3522, 9); // first step points north
    expect(points[0]?.[0]).toBeGreaterThan(48.8566);
  });

  it('is what outlineOf draws for a circle', () => {
    expect(outlineOf({ kind: 'circle', center: [0, 0], radius: 10 })).toHaveLength(32);
  });
});

describe('centreOf', () => {
  it('gives the middle of the bounds', () => {
    expect(
      centreOf({
        kind: 'polygon',
        points: [
          [0, 0],
          [2, 0],
          [2, 4],
        ],
      }),
    ).toEqual([1, 2]);
  });
});
