import { describe, expect, it } from 'vitest';
import { areaTextOf, centreOf, geometryOf, outlineOf } from './geofence-geometry';

describe('geometryOf', () => {
  it('reads a circle with latitude first', () => {
    expect(geometryOf('CIRCLE (48.8566 2.3522, 150)')).toEqual({
      kind: 'circle',
      center: [48.8566, 2.3522],
      radius: 150,
    });
    expect(geometryOf('  circle(48.1 2.2,5.5)  ')).toEqual({ kind: 'circle', center: [48.1, 2.2], radius: 5.5 });
  });

  it('reads a polygon and drops the closing point', () => {
    expect(geometryOf('POLYGON ((1 2, 3 4, 5 6, 1 2))')).toEqual({
      kind: 'polygon',
      points: [
        [1, 2],
        [3, 4],
        [5, 6],
      ],
    });
  });

  it('draws the outer ring of a polygon with holes', () => {
    expect(geometryOf('POLYGON ((0 0, 0 10, 10 10, 0 0), (4 4, 4 6, 6 6, 4 4))')).toEqual({
      kind: 'polygon',
      points: [
        [0, 0],
        [0, 10],
        [10, 10],
      ],
    });
  });

  it('reads a linestring', () => {
    expect(geometryOf('LINESTRING (1 2, -3.5 4e1)')).toEqual({
      kind: 'polyline',
      points: [
        [1, 2],
        [-3.5, 40],
      ],
    });
  });

  it('accepts an altitude after a point, as the server does, and ignores it', () => {
    expect(geometryOf('LINESTRING (1 2 100, 3 4 120)')).toEqual({
      kind: 'polyline',
      points: [
        [1, 2],
        [3, 4],
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
    expect(geometryOf(text)).toBeNull();
  });
});

describe('areaTextOf', () => {
  it('writes each shape latitude first and closes rings', () => {
    expect(areaTextOf({ kind: 'circle', center: [48.85661234, 2.3522], radius: 150.04 })).toBe(
      'CIRCLE (48.856612 2.3522, 150)',
    );
    expect(
      areaTextOf({
        kind: 'polygon',
        points: [
          [1, 2],
          [3, 4],
          [5, 6],
        ],
      }),
    ).toBe('POLYGON ((1 2, 3 4, 5 6, 1 2))');
    expect(
      areaTextOf({
        kind: 'polyline',
        points: [
          [1, 2],
          [3, 4],
        ],
      }),
    ).toBe('LINESTRING (1 2, 3 4)');
  });

  it('round-trips through geometryOf', () => {
    for (const text of ['CIRCLE (10 20, 30)', 'POLYGON ((1 2, 3 4, 5 6, 1 2))', 'LINESTRING (1 2, 3 4, 5 6)']) {
      const geometry = geometryOf(text);
      expect(geometry).not.toBeNull();
      if (geometry) expect(areaTextOf(geometry)).toBe(text);
    }
  });
});

describe('outlineOf', () => {
  it('draws a circle as its 32-corner polygon', () => {
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
