import { describe, expect, it } from 'vitest';
import { AreaError, parseArea } from './area';
import { containsPoint, distanceMetres } from './contains';

describe('areas (Traccar WKT, latitude first)', () => {
  it('parses circles, polygons with holes and lines', () => {
    expect(parseArea('CIRCLE (48.8584 2.2945, 150)')).toEqual({
      type: 'circle',
      lat: 48.8584,
      lon: 2.2945,
      radius: 150,
    });
    const poly = parseArea('POLYGON ((0 0, 0 10, 10 10, 10 0, 0 0), (4 4, 4 6, 6 6, 6 4, 4 4))');
    expect(poly.type === 'polygon' && poly.rings.length).toBe(2);
    expect(parseArea('LINESTRING (1 1, 1 2, 2 2)')).toMatchObject({
      type: 'polyline',
      points: [
        [1, 1],
        [1, 2],
        [2, 2],
      ],
    });
  });

  it('refuses malformed areas', () => {
    for (const bad of [
      '',
      'POINT (1 2)',
      'CIRCLE (1 2, 0)',
      'POLYGON ((0 0, 1 1))',
      'LINESTRING (95 0, 1 1)',
      'CIRCLE (a b, 5)',
      'CIRCLE (1 2, 5, 7)',
      'CIRCLE (1 2, 5m)',
      'CIRCLE (1 2, -5)',
      'CIRCLE (1 2x, 5)',
      'CIRCLE (1, 5)',
      'POLYGON (0 0, 0 1, 1 1)',
      'POLYGON ((0 0, 0 1, 1 1)) junk)',
      'POLYGON ((0 0, 0 1, 1 1) x (2 2, 2 3, 3 3))',
      'POLYGON ((0 0, 0 1, 1 x1))',
      'LINESTRING ((0 0, 1 1))',
      'LINESTRING (0 0, 1 1 1 1)',
      'LINESTRING (0 0,, 1 1)',
    ]) {
      expect(() => parseArea(bad), bad).toThrow(AreaError);
    }
  });

  it('accepts signs, decimals, exponents, an altitude and loose spacing', () => {
    expect(parseArea('circle(+48.5 -2.25,1e2)')).toEqual({ type: 'circle', lat: 48.5, lon: -2.25, radius: 100 });
    expect(parseArea(' LINESTRING ( 1.5 2 100 ,  -1 .5 ) ')).toMatchObject({
      points: [
        [1.5, 2],
        [-1, 0.5],
      ],
    });
    expect(parseArea('POLYGON((0 0,0 1,1 1),(0.1 0.1, 0.1 0.2, 0.2 0.2))')).toMatchObject({ type: 'polygon' });
  });

  it('tells whether a point is inside', () => {
    const circle = parseArea('CIRCLE (48.8584 2.2945, 150)');
    expect(containsPoint(circle, 48.8584, 2.2955)).toBe(true); // ~73 m east
    expect(containsPoint(circle, 48.8584, 2.2985)).toBe(false); // ~290 m east
    const poly = parseArea('POLYGON ((0 0, 0 10, 10 10, 10 0, 0 0), (4 4, 4 6, 6 6, 6 4, 4 4))');
    expect(containsPoint(poly, 2, 2)).toBe(true);
    expect(containsPoint(poly, 5, 5)).toBe(false); // in the hole
    expect(containsPoint(poly, 11, 5)).toBe(false);
    const line = parseArea('LINESTRING (0 0, 0 1)');
    expect(containsPoint(line, 0.0001, 0.5)).toBe(true); // ~11 m off the line
    expect(containsPoint(line, 0.001, 0.5)).toBe(false); // ~111 m off
  });

  it('measures great-circle distances', () => {
    expect(distanceMetres(0, 0, 0, 1)).toBeCloseTo(111_195, -1);
    expect(distanceMetres(48.8566, 2.3522, 51.5074, -0.1278)).toBeCloseTo(343_900, -3);
  });
});
