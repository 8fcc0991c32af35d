import { describe, expect, it } from 'vitest';
import { formatSpeed, pickLanguage, pickSpeedUnit, renderEvent } from './render';
import { LANGUAGES, PACKS } from './texts';

const facts = {
  type: 'deviceOverspeed',
  eventTime: new Date('2026-11-21T10:00:05.123Z'),
  attributes: { speed: 54 },
  deviceName: 'Van 1',
  position: { latitude: 37.98, longitude: 23.72, speed: 50, address: 'Athens' },
};

describe('notification texts', () => {
  it('has the same event types in every language', () => {
    const english = Object.keys(PACKS.en.events).sort();
    for (const lang of LANGUAGES) expect(Object.keys(PACKS[lang].events).sort()).toEqual(english);
  });

  it('renders in the recipient language and speed unit', () => {
    expect(renderEvent('en', 'kn', facts)).toEqual({
      subject: 'Van 1 exceeds the speed limit',
      short: 'Van 1 exceeds the speed limit: 54.0 kn at 2026-11-21 10:00:05 UTC',
      body: [
        'Van 1 exceeds the speed limit: 54.0 kn at 2026-11-21 10:00:05 UTC',
        '',
        'Time: 2026-11-21 10:00:05 UTC',
        'Position: 37.980000, 23.720000',
        'Speed: 50.0 kn',
        'Address: Athens',
        '',
      ].join('\n'),
    });
    expect(renderEvent('fr', 'kmh', facts).short).toBe(
      'Van 1 dépasse la limite de vitesse : 100.0 km/h à 2026-11-21 10:00:05 UTC',
    );
    expect(renderEvent('el', 'mph', { ...facts, type: 'geofenceExit', geofenceName: 'Αποθήκη' }).subject).toBe(
      'Το Van 1 βγήκε από τη ζώνη Αποθήκη',
    );
    expect(renderEvent('en', 'kn', { ...facts, type: 'alarm', attributes: { alarm: 'sos' } }).subject).toBe(
      'Van 1: alarm sos',
    );
    expect(renderEvent('en', 'kn', { ...facts, type: 'somethingNew' }).subject).toBe('Van 1: event');
  });

  it('picks the user setting, then the server, then English', () => {
    expect(pickLanguage({ language: 'el' }, { language: 'fr' })).toBe('el');
    expect(pickLanguage({ language: 'fr-CA' }, {})).toBe('fr');
    expect(pickLanguage({ language: 'de' }, { language: 'fr' })).toBe('fr');
    expect(pickLanguage(null, null)).toBe('en');
    expect(pickSpeedUnit({ speedUnit: 'mph' }, { speedUnit: 'kmh' })).toBe('mph');
    expect(pickSpeedUnit({}, { speedUnit: 'kmh' })).toBe('kmh');
    expect(pickSpeedUnit({ speedUnit: 'furlongs' }, null)).toBe('kn');
    expect(formatSpeed(10, 'mph')).toBe('11.5 mph');
  });
});
