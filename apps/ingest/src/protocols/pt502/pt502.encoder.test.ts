import { describe, expect, it } from 'vitest';
import { testSession } from '../../testing/traccar-vectors';
import { encodePt502 } from './pt502.encoder';

const session = testSession({ protocol: 'pt502', uniqueId: '123456' });
const encode = (type: string, attributes: Record<string, string | number | boolean> = {}) =>
  encodePt502({ id: '1', uniqueId: '123456', type, attributes, createdAt: '2025-01-01T00:00:00.000Z' }, session);

describe('pt502 encoder', () => {
  it('writes each command as one # line', () => {
    expect(encode('outputControl', { index: 2, data: '1' })).toBe('#OPC2,1\r\n');
    expect(encode('engineStop')).toBe('#OPC1,1\r\n');
    expect(encode('engineResume')).toBe('#OPC1,0\r\n');
    expect(encode('alarmSpeed', { data: '110' })).toBe('#SPD110\r\n');
    expect(encode('requestPhoto')).toBe('#PHO\r\n');
    expect(encode('rebootDevice')).toBe('#RST0\r\n');
    expect(encode('custom', { data: '#VER' })).toBe('#VER\r\n');
  });

  it('gives the time zone as signed minutes', () => {
    expect(encode('setTimezone', { timezone: 28_800 })).toBe('#TMZ480\r\n');
    expect(encode('setTimezone', { timezone: 'GMT-05:30' })).toBe('#TMZ-330\r\n');
    expect(encode('setTimezone', { timezone: 'Europe/Paris' })).toBeNull();
  });

  it('returns null for what it cannot encode', () => {
    expect(encode('outputControl', { index: 1, data: '5' })).toBeNull();
    expect(encode('alarmSpeed', { data: 'fast' })).toBeNull();
    expect(encode('custom')).toBeNull();
    expect(encode('positionPeriodic', { frequency: 30 })).toBeNull();
  });
});
