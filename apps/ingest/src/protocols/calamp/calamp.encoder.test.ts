import { describe, expect, it } from 'vitest';
import { testSession } from '../../testing/traccar-vectors';
import { encodeCalamp } from './calamp.encoder';

const session = testSession({ protocol: 'calamp', transport: 'udp', uniqueId: '4542018545' });
const command = (type: string, attributes: Record<string, string> = {}, id = '300') => ({
  id,
  uniqueId: '4542018545',
  type,
  attributes,
  createdAt: '2025-01-01T00:00:00.000Z',
});

describe('calamp encoder', () => {
  it('sends custom text as an acknowledged user data message', () => {
    const packet = encodeCalamp(command('custom', { data: 'hello' }), session) as Buffer;
    // service 1, type 4, sequence 300, route 0, id 0, length 5, "hello"
    expect(packet.toString('hex')).toBe('0104012c00000005' + '68656c6c6f');
  });

  it('uses sequence 0 for a non-numeric command id', () => {
    const packet = encodeCalamp(command('custom', { data: 'A' }, 'abc'), session) as Buffer;
    expect(packet.toString('hex')).toBe('01040000000000014' + '1');
  });

  it('returns null for other commands and for custom without data', () => {
    expect(encodeCalamp(command('engineStop'), session)).toBeNull();
    expect(encodeCalamp(command('custom'), session)).toBeNull();
  });
});
