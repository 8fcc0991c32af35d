import { describe, expect, it } from 'vitest';
import { AreaError, formatArea, parseArea } from './area';
import { distanceMetres } from './contains';
import { CIRCLE_STEPS, circleOutline } from './outline';

describe('parseArea, the forms the web map writes and reads', () => {
  it('reads a circle in any letter case, with spaces around it', () => {
    expect(parseArea('  circle(48.1 2.2,5.5)  ')).toEqual({ type: 'circle', lat: 48.1, lon: 2.2, radius: 5.5 });
  });

  it('reads a closed polygon ring as written, closing point included', () => {
    expect(parseArea('POLYGON ((1 2, 3 4, 5 6, 1 2))')).toEqual({
      type: 'polygon',
      rings: [
        [
          [1, 2],
          [3, 4],
          [5, 6],
          [1, 2],
        ],
      ],
    });
  });

  it('reads a line with a signed decimal and an exponent', () => {
    expect(parseArea('LINESTRING (1 2, -3.5 4e1)')).toEqual({
      type: 'polyline',
      points: [
        [1, 2],
        [-3.5, 40],
      ],
    });
  });

  it.each([
    'CIRCLE (1 2)',
    'CIRCLE (100 2, 10)',
    'LINESTRING (1 2)',
    'LINESTRING (1 x, 2 3)',
    'POLYGON (1 2, 3 4, 5 6)',
  ])('refuses %j', (text) => {
    expect(() => parseArea(text)).toThrow(AreaError);
  });
});

describe('formatArea', () => {
  it('writes each shape latitude first, rounded, with rings closed', () => {
    expect(formatArea({ type: 'circle', lat: 48.85661234, lon: 2.3522, radius: 150.04 })).toBe(
      'CIRCLE (48.856612 2.3522, 150)',
    );
    expect(
      formatArea({
        type: 'polygon',
        rings: [
          [
            [1, 2],
            [3, 4],
            [5, 6],
          ],
        ],
      }),
    ).toBe('POLYGON ((1 2, 3 4, 5 6, 1 2))');
    expect(
      formatArea({
        type: 'polyline',
        points: [
          [1, 2],
          [3, 4],
        ],
      }),
    ).toBe('LINESTRING (1 2, 3 4)');
  });

  it('keeps the holes of a polygon and does not close a ring twice', () => {
    const text = 'POLYGON ((0 0, 0 10, 10 10, 10 0, 0 0), (4 4, 4 6, 6 6, 4 4))';
    expect(formatArea(parseArea(text))).toBe(text);
  });

  it('writes back what it reads', () => {
    for (const text of ['CIRCLE (10 20, 30)', 'POLYGON ((1 2, 3 4, 5 6, 1 2))', 'LINESTRING (1 2, 3 4, 5 6)']) {
      expect(formatArea(parseArea(text))).toBe(text);
    }
  });

  it('drops an altitude it was given', () => {
    expect(formatArea(parseArea('LINESTRING (1 2 100, 3 4 120)'))).toBe('LINESTRING (1 2, 3 4)');
  });
});

describe('circleOutline', () => {
  it('draws 32 points, each the radius away from the centre, the first due north', () => {
    const points = circleOutline(48.8566, 2.3522, 500);
    expect(points).toHaveLength(CIRCLE_STEPS);
    for (const [lat, lon] of points) expect(distanceMetres(48.8566, 2.3522, lat, lon)).toBeCloseTo(500, 3);
    expect(points[0]?.[1]).toBeCloseTo(2.3522, 9);
    expect(points[0]?.[0]).toBeGreaterThan(48.8566);
  });

  it('keeps longitudes in range across the antimeridian', () => {
    for (const [, lon] of circleOutline(0, 179.9999, 1000)) expect(lon >= -180 && lon < 180).toBe(true);
  });
});
