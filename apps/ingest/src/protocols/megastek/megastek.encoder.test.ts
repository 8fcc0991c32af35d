import { describe, expect, it } from 'vitest';
import { sessionFor } from '../../testing/protocol.test-kit';
import { encodeMegastek } from './megastek.encoder';

const session = sessionFor('megastek', { uniqueId: '123456789012345' });
const command = (type: string, attributes: Record<string, string | number | boolean> = {}) =>
  encodeMegastek(
    { id: '1', uniqueId: '123456789012345', type, attributes, createdAt: '2025-01-01T00:00:00.000Z' },
    session,
  );

describe('megastek encoder', () => {
  it('writes the documented commands', () => {
    expect(command('positionSingle')).toBe('$GPRS,123456789012345;W052;!');
    expect(command('positionPeriodic', { frequency: 75 })).toBe('$GPRS,123456789012345;W005,2;!');
    expect(command('positionPeriodic', { frequency: 0 })).toBe('$GPRS,123456789012345;W005,1;!');
    expect(command('positionStop')).toBe('$GPRS,123456789012345;W005,0;!');
    expect(command('setConnection', { server: 'gps.example.com', port: 5024 })).toBe(
      '$GPRS,123456789012345;W003,gps.example.com,5024;!',
    );
    expect(command('sosNumber', { index: 1, phone: '+301234567' })).toBe(
      '$GPRS,123456789012345;W010,1,+301234567,001;!',
    );
    expect(command('setTimezone', { timezone: 3600 })).toBe('$GPRS,123456789012345;W020,60;!');
    expect(command('setTimezone', { timezone: 'Europe/Berlin' })).toBeNull();
    expect(command('getVersion')).toBe('$GPRS,123456789012345;R029;!');
    expect(command('getDeviceStatus')).toBe('$GPRS,123456789012345;R029;!');
    expect(command('factoryReset')).toBe('$GPRS,123456789012345;C099;!');
    expect(command('rebootDevice')).toBe('$GPRS,123456789012345;W100;!');
    expect(command('engineStop')).toBeNull();
  });

  it('sends custom commands whole, re-addressed from SMS, or wrapped', () => {
    expect(command('custom', { data: '$SMS,000000;R005;R029;!' })).toBe('$GPRS,123456789012345;R005;R029;!');
    expect(command('custom', { data: '$GPRS,123456789012345;R075,FOO;!' })).toBe('$GPRS,123456789012345;R075,FOO;!');
    expect(command('custom', { data: 'W005,1;R029;' })).toBe('$GPRS,123456789012345;W005,1;R029;!');
    expect(command('custom', { data: 'W005,1' })).toBe('$GPRS,123456789012345;W005,1;!');
    expect(command('custom', {})).toBeNull();
  });
});
