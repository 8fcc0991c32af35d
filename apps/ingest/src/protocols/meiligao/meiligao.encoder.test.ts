import { describe, expect, it } from 'vitest';
import { sessionFor } from '../../testing/protocol.test-kit';
import { encodeMeiligao } from './meiligao.encoder';

const session = sessionFor('meiligao', { uniqueId: '13612345678' });
const command = (type: string, attributes: Record<string, string | number | boolean> = {}, uniqueId = '13612345678') =>
  (
    encodeMeiligao(
      { id: '1', uniqueId, type, attributes, createdAt: '2025-01-01T00:00:00.000Z' },
      sessionFor('meiligao', { uniqueId }),
    ) as Buffer | null
  )?.toString('hex') ?? null;

describe('meiligao encoder', () => {
  it('frames the documented commands as @@ packets with their CRC', () => {
    expect(session.uniqueId).toBe('13612345678');
    expect(command('positionSingle')).toBe('4040001113612345678fff4101e99a0d0a');
    expect(command('positionPeriodic', { frequency: 60 })).toBe('4040001313612345678fff41020006b7a50d0a');
    expect(command('positionStop')).toBe('4040001313612345678fff41020000d7630d0a');
    expect(command('engineStop')).toBe('4040001613612345678fff41140102020202732f0d0a');
    expect(command('engineResume')).toBe('4040001613612345678fff41140002020202d97e0d0a');
    expect(command('setSpeedLimit', { data: '100' })).toBe('4040001213612345678fff41050ae3730d0a');
    expect(command('setTimezone', { timezone: -18000 })).toBe('4040001313612345678fff4132fed4a9f10d0a');
    expect(command('rebootDevice')).toBe('4040001113612345678fff490250500d0a');
  });

  it('sends a custom command code with its hex parameters', () => {
    expect(command('custom', { data: '4101' })).toBe('4040001113612345678fff4101e99a0d0a');
    expect(command('custom', { data: '4114 0100010001' })).toBe('4040001613612345678fff4114010001000191160d0a');
    expect(command('custom', { data: 'xyz' })).toBeNull();
    expect(command('custom', { data: '41140' })).toBeNull();
  });

  it('addresses a 15-digit IMEI by its first 14 digits and refuses what it cannot encode', () => {
    expect(command('rebootDevice', {}, '123456789012347')?.slice(8, 22)).toBe('12345678901234');
    expect(command('rebootDevice', {}, 'abc')).toBeNull();
    expect(command('positionPeriodic', { frequency: 'soon' })).toBeNull();
    expect(command('setTimezone', { timezone: 'Europe/Paris' })).toBeNull();
    expect(command('alarmArm')).toBeNull();
  });
});
