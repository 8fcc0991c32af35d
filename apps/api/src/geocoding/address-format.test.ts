import { describe, expect, it } from 'vitest';
import { formatAddress } from './address-format';

const full = {
  house: '12',
  street: 'Odos Ermou',
  suburb: 'Plaka',
  city: 'Athens',
  state: 'Attica',
  country: 'Greece',
  postcode: '105 63',
  formatted: '12 Odos Ermou, Plaka, Athens, 105 63, Greece',
};

describe('formatAddress', () => {
  it('gives house number, street, city, state, country and postcode by default', () => {
    expect(formatAddress(full)).toBe('12 Odos Ermou, Athens, Attica, Greece, 105 63');
  });

  it('leaves no empty commas nor stray spaces where parts are missing', () => {
    expect(formatAddress({ street: 'Odos Ermou', country: 'Greece' })).toBe('Odos Ermou, Greece');
    expect(formatAddress({ house: '12', city: 'Athens' })).toBe('12, Athens');
    expect(formatAddress({ city: '  Athens ' }, '%h %r,  %t ,, %c')).toBe('Athens');
  });

  it('reads every Traccar code and keeps other text and %%', () => {
    expect(formatAddress(full, '%u/%t [%p] 100%%')).toBe('Plaka/Athens [105 63] 100%');
    expect(formatAddress(full, '%f')).toBe(full.formatted);
    expect(formatAddress(full, '%x %t')).toBe('%x Athens');
  });

  it('is null without parts, and the provider line when the format names none of those it has', () => {
    expect(formatAddress({})).toBeNull();
    expect(formatAddress({ formatted: 'Somewhere at sea' })).toBe('Somewhere at sea');
    expect(formatAddress({ district: 'Ward 7', formatted: 'Ward 7, Nowhere' }, '%h %r')).toBe('Ward 7, Nowhere');
  });
});
