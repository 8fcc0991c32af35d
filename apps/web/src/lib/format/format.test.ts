import { describe, expect, it } from 'vitest';
import { coordinateFormatOf, formatCoordinate, formatLatLon } from './coordinates';
import { formatDuration } from './time';
import {
  convertDistance as distanceFromMetres,
  distanceToMetres,
  formatArea,
  formatDistance,
  formatSpeed,
  formatVolume,
  convertSpeed as speedFromKnots,
  speedToKnots,
  unitPreferences,
} from './units';

describe('unit formatting', () => {
  it('converts speeds stored in knots', () => {
    expect(formatSpeed(10, 'kn')).toBe('10 kn');
    expect(formatSpeed(10, 'kmh')).toBe('18.5 km/h');
    expect(formatSpeed(10, 'mph')).toBe('11.5 mph');
    expect(formatSpeed(0, 'kmh')).toBe('0 km/h');
  });

  it('shows distances in the big unit, or metres / feet below one', () => {
    expect(formatDistance(12_345, 'km')).toBe('12.35 km');
    expect(formatDistance(1852, 'nmi')).toBe('1 nmi');
    expect(formatDistance(3218.688, 'mi')).toBe('2 mi');
    expect(formatDistance(250, 'km')).toBe('250 m');
    expect(formatDistance(30.48, 'mi')).toBe('100 ft');
  });

  it('shows areas and volumes', () => {
    expect(formatArea(2_000_000, 'km')).toBe('2 km²');
    expect(formatArea(500, 'km')).toBe('500 m²');
    expect(formatVolume(3.785411784, 'usGal')).toBe('1 US gal');
    expect(formatVolume(10, 'ltr')).toBe('10 l');
  });

  it('reads units from user attributes, then server attributes, then defaults', () => {
    expect(unitPreferences({ speedUnit: 'mph' }, { speedUnit: 'kn', distanceUnit: 'nmi' })).toEqual({
      speed: 'mph',
      distance: 'nmi',
      volume: 'ltr',
    });
    expect(unitPreferences({ speedUnit: 'warp' })).toEqual({ speed: 'kmh', distance: 'km', volume: 'ltr' });
  });
});

describe('coordinate formatting', () => {
  it('formats decimal degrees, degrees decimal minutes and degrees minutes seconds', () => {
    expect(formatCoordinate(37.975, 'lat', 'dd')).toBe('37.975000°');
    expect(formatCoordinate(37.975, 'lat', 'ddm')).toBe('37° 58.500′ N');
    expect(formatCoordinate(-122.5, 'lon', 'dms')).toBe('122° 30′ 0.0″ W');
    expect(formatLatLon(-33.8568, 151.2153, 'dms')).toBe('33° 51′ 24.5″ S, 151° 12′ 55.1″ E');
  });

  it('carries rounding up into the next minute or degree', () => {
    expect(formatCoordinate(10.9999999, 'lat', 'dms')).toBe('11° 0′ 0.0″ N');
    expect(formatCoordinate(10.9999999, 'lat', 'ddm')).toBe('11° 0.000′ N');
  });

  it('picks the user format, else the server one, else decimal degrees', () => {
    expect(coordinateFormatOf('dms', 'ddm')).toBe('dms');
    expect(coordinateFormatOf(null, 'ddm')).toBe('ddm');
    expect(coordinateFormatOf('bogus', null)).toBe('dd');
  });
});

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

describe('durations', () => {
  it('shows seconds, minutes, or hours and minutes', () => {
    expect(formatDuration(45_400)).toBe('45 s');
    expect(formatDuration(35 * 60_000 + 20_000)).toBe('35 min');
    expect(formatDuration((2 * 60 + 5) * 60_000)).toBe('2 h 05 min');
    expect(formatDuration(-5)).toBe('0 s');
  });
});
