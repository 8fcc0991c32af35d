import { describe, expect, it } from 'vitest';
import { sessionFor } from '../../testing/protocol.test-kit';
import { encodeXexun } from './xexun.encoder';

const session = sessionFor('xexun', { uniqueId: '359587014718392' });
const command = (type: string, attributes: Record<string, string | number | boolean> = {}) =>
  encodeXexun(
    { id: '1', uniqueId: '359587014718392', type, attributes, createdAt: '2025-01-01T00:00:00.000Z' },
    session,
  );

describe('xexun encoder', () => {
  it('writes the relay commands with the factory password or the given one', () => {
    expect(command('engineStop')).toBe('powercar123456 11');
    expect(command('engineResume')).toBe('powercar123456 00');
    expect(command('engineStop', { devicePassword: '654321' })).toBe('powercar654321 11');
  });

  it('sends custom data as it is and nothing for other commands', () => {
    expect(command('custom', { data: 'fix030s***n123456' })).toBe('fix030s***n123456');
    expect(command('custom', {})).toBeNull();
    expect(command('positionSingle')).toBeNull();
  });
});
