import type { Onboarding } from '@waymark/contracts/onboarding';
import { describe, expect, it } from 'vitest';
import { clientAppUrl, pickerGroups, resolveChoice, suggestedAppIdentifier, trackerHostOf } from './onboarding-choices';

const settings: Onboarding = {
  trackerHost: null,
  listeners: [
    { protocol: 'osmand', port: 5055, transports: ['http'] },
    { protocol: 'gt06', port: 6023, transports: ['tcp'] },
  ],
  models: [
    { name: 'GT06N', manufacturerName: 'Concox', protocol: 'gt06' },
    { name: 'Odd one', manufacturerName: null, protocol: 'nosuchprotocol' },
  ],
};
const labels = { makes: 'Makes', catalogue: 'Catalogue' };

describe('pickerGroups', () => {
  it('offers the makes the server listens for, then the catalogue models it can set up', () => {
    const [makes, catalogue] = pickerGroups(settings, labels);
    expect(makes?.items.map((i) => i.value)).toEqual(['make:traccarClient', 'make:concox']);
    expect(makes?.items[1]?.label).toContain('GT06N');
    expect(catalogue).toEqual({ group: 'Catalogue', items: [{ value: 'model:GT06N', label: 'Concox GT06N' }] });
  });

  it('leaves out the catalogue group when no model is served', () => {
    expect(pickerGroups({ ...settings, models: [] }, labels)).toHaveLength(1);
  });
});

describe('resolveChoice', () => {
  it('gives a make its setup and the port the server is configured with', () => {
    const choice = resolveChoice(settings, 'make:concox');
    expect(choice?.setup.key).toBe('concox');
    expect(choice?.model).toBeNull();
    expect(choice?.listener.port).toBe(6023);
  });

  it('gives a catalogue model the setup of its protocol and keeps its name for the device', () => {
    const choice = resolveChoice(settings, 'model:GT06N');
    expect(choice?.setup.protocol).toBe('gt06');
    expect(choice?.model).toBe('GT06N');
  });

  it('gives nothing for a make the server does not listen for, or an unknown value', () => {
    expect(resolveChoice(settings, 'make:teltonika')).toBeNull();
    expect(resolveChoice(settings, 'model:Odd one')).toBeNull();
    expect(resolveChoice(settings, 'make:nosuchmake')).toBeNull();
    expect(resolveChoice(settings, null)).toBeNull();
  });
});

describe('addresses', () => {
  it('takes the server’s tracker host, else the browser’s', () => {
    expect(trackerHostOf(settings, { hostname: 'fleet.example.test' })).toBe('fleet.example.test');
    expect(trackerHostOf({ ...settings, trackerHost: 'gps.example.test' }, { hostname: 'x' })).toBe('gps.example.test');
  });

  it('gives Traccar Client the OsmAnd listener’s URL with the identifier', () => {
    expect(clientAppUrl('gps.example.test', 5055, 'phone 1')).toBe('http://gps.example.test:5055/?id=phone+1');
  });

  it('suggests a nine-digit identifier', () => {
    expect(suggestedAppIdentifier(() => 0)).toBe('100000000');
    expect(suggestedAppIdentifier(() => 0.999_999_999)).toMatch(/^\d{9}$/);
  });
});
