import { describe, expect, it } from 'vitest';
import { attributesWithTripSettings, tripSettingsErrors, tripSettingsFromAttributes } from './trip-settings';

describe('trip settings', () => {
  it('reads report.trip.* attributes in metres and minutes, empty where inherited', () => {
    expect(
      tripSettingsFromAttributes({
        'report.trip.minDistance': 500,
        'report.trip.minParking': '600',
        'report.trip.useIgnition': true,
        speedLimit: 50,
      }),
    ).toEqual({
      tripMinDistance: 500,
      tripMinDuration: '',
      tripMinParking: 10,
      tripStopGap: '',
      tripUseIgnition: 'true',
    });
  });

  it('writes seconds and metres, keeps other attributes, and removes emptied fields so they inherit again', () => {
    const previous = { speedLimit: 50, 'report.trip.minDuration': 180, 'report.trip.useIgnition': true };
    expect(
      attributesWithTripSettings(previous, {
        tripMinDistance: 250,
        tripMinDuration: '',
        tripMinParking: 7.5,
        tripStopGap: 90,
        tripUseIgnition: 'false',
      }),
    ).toEqual({
      speedLimit: 50,
      'report.trip.minDistance': 250,
      'report.trip.minParking': 450,
      'report.trip.stopGap': 5400,
      'report.trip.useIgnition': false,
    });
    expect(
      attributesWithTripSettings(previous, {
        tripMinDistance: '',
        tripMinDuration: '',
        tripMinParking: '',
        tripStopGap: '',
        tripUseIgnition: '',
      }),
    ).toEqual({ speedLimit: 50 });
  });

  it('refuses negative numbers', () => {
    const settings = tripSettingsFromAttributes({});
    expect(tripSettingsErrors({ ...settings, tripMinParking: -1 }, 'no')).toEqual({ tripMinParking: 'no' });
    expect(tripSettingsErrors(settings, 'no')).toEqual({});
  });
});
