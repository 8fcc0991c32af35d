import { describe, expect, it } from 'vitest';
import { testSession } from '../../testing/traccar-vectors';
import { encodeGps103 } from './gps103.encoder';

const session = testSession({ protocol: 'gps103', uniqueId: '123456789012345' });
const encode = (type: string, attributes: Record<string, string | number | boolean> = {}) =>
  encodeGps103(
    { id: '1', uniqueId: '123456789012345', type, attributes, createdAt: '2025-01-01T00:00:00.000Z' },
    session,
  );

describe('gps103 encoder', () => {
  // Traccar's GPS103 encoder test: **,imei:<imei>,<command>
  it('encodes the device commands', () => {
    expect(encode('engineStop')).toBe('**,imei:123456789012345,J');
    expect(encode('engineResume')).toBe('**,imei:123456789012345,K');
    expect(encode('positionSingle')).toBe('**,imei:123456789012345,B');
    expect(encode('positionStop')).toBe('**,imei:123456789012345,D');
    expect(encode('alarmArm')).toBe('**,imei:123456789012345,L');
    expect(encode('alarmDisarm')).toBe('**,imei:123456789012345,M');
    expect(encode('requestPhoto')).toBe('**,imei:123456789012345,160');
    expect(encode('custom', { data: 'H,080' })).toBe('**,imei:123456789012345,H,080');
  });

  it('writes the interval in seconds, minutes or hours', () => {
    expect(encode('positionPeriodic', { frequency: 30 })).toBe('**,imei:123456789012345,C,30s');
    expect(encode('positionPeriodic', { frequency: 300 })).toBe('**,imei:123456789012345,C,05m');
    expect(encode('positionPeriodic', { frequency: 7200 })).toBe('**,imei:123456789012345,C,02h');
  });

  it('returns null for what it cannot encode', () => {
    expect(encode('rebootDevice')).toBeNull();
    expect(encode('custom')).toBeNull();
    expect(encode('positionPeriodic', { frequency: 0 })).toBeNull();
  });
});
