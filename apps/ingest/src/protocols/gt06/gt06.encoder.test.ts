import { describe, expect, it } from 'vitest';
import { testSession } from '../../testing/traccar-vectors';
import { encodeGt06 } from './gt06.encoder';

const session = testSession({ protocol: 'gt06', uniqueId: '123456789012345' });
const command = (type: string, attributes: Record<string, string | number | boolean> = {}) => ({
  id: '1',
  uniqueId: '123456789012345',
  type,
  attributes,
  createdAt: '2025-01-01T00:00:00.000Z',
});
const encode = (type: string, attributes?: Record<string, string | number | boolean>) =>
  (encodeGt06(command(type, attributes), session) as Buffer | null)?.toString('hex') ?? null;

describe('gt06 encoder', () => {
  // Frames as Traccar's encoder tests publish them (0x80 online command, server flag 0, serial 0, CRC-16/X-25).
  it('cuts and restores the fuel supply', () => {
    expect(encode('engineStop')).toBe('787812800c0000000052656c61792c312300009dee0d0a');
    expect(encode('engineResume')).toBe('787812800c0000000052656c61792c3023000081550d0a');
  });

  it('sends custom text, the report interval and a reboot', () => {
    expect(encode('custom', { data: 'PARAM#' })).toBe('787810800a00000000504152414d230000abe90d0a');
    expect(encode('positionPeriodic', { frequency: 30 })).toBe(
      '78781680100000000054494d45522c33302c33302300003e910d0a',
    );
    expect(encode('rebootDevice')).toBe('787810800a000000005245534554230000dc090d0a');
  });

  it('returns null for what it cannot encode', () => {
    expect(encode('alarmArm')).toBeNull();
    expect(encode('custom', {})).toBeNull();
    expect(encode('positionPeriodic', { frequency: 'often' })).toBeNull();
  });
});
