import { describe, expect, it } from 'vitest';
import { aUser } from '../test/fixtures';
import { preferencesOf } from './preferences';

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
