import { describe, expect, it } from 'vitest';
import { themeCss } from '../features/settings/theme-color';
import { aUser } from '../test/fixtures';
import {
  convertDistance as distanceFromMetres,
  distanceToMetres,
  convertSpeed as speedFromKnots,
  speedToKnots,
} from './format/units';
import { preferencesOf } from './preferences';

describe('unit conversions', () => {
  it('converts speeds to and from knots', () => {
    expect(speedFromKnots(10, 'kmh')).toBeCloseTo(18.52);
    expect(speedFromKnots(10, 'mph')).toBeCloseTo(11.50779);
    expect(speedToKnots(18.52, 'kmh')).toBeCloseTo(10);
    expect(speedToKnots(7, 'kn')).toBe(7);
  });

  it('converts distances to and from metres', () => {
    expect(distanceFromMetres(1609.344, 'mi')).toBeCloseTo(1);
    expect(distanceToMetres(2, 'nmi')).toBe(3704);
  });
});

describe('preferencesOf', () => {
  it('gives the defaults for a user without preferences', () => {
    expect(preferencesOf(aUser())).toEqual({
      speedUnit: 'kmh',
      distanceUnit: 'km',
      volumeUnit: 'ltr',
      coordinateFormat: 'dd',
      map: 'osm',
      mapLiveRoutes: 'none',
      liveRouteLength: 10,
      theme: 'BLUE_THEME',
      direction: 'ltr',
    });
  });

  it('reads saved values and ignores unknown ones', () => {
    const user = aUser({
      coordinateFormat: 'dms',
      attributes: {
        speedUnit: 'mph',
        distanceUnit: 'parsec',
        theme: 'GREEN_THEME',
        direction: 'rtl',
        'web.liveRouteLength': 25,
      },
    });
    expect(preferencesOf(user)).toMatchObject({
      speedUnit: 'mph',
      distanceUnit: 'km',
      coordinateFormat: 'dms',
      theme: 'GREEN_THEME',
      direction: 'rtl',
      liveRouteLength: 25,
    });
  });
});

describe('themeCss', () => {
  it('overrides the primary colour variables', () => {
    const css = themeCss('PURPLE_THEME');
    expect(css).toContain('--mantine-color-primary-6:#763EBD');
    expect(css).toContain('--mantine-color-primary-filled:');
  });
});
