import { describe, expect, it } from 'vitest';
import { sessionFor } from '../../testing/protocol.test-kit';
import { encodeCastel } from './castel.encoder';

const session = sessionFor('castel', { uniqueId: '611150000956' });
const encode = (type: string, attributes: Record<string, string> = {}, s = session) => {
  const out = encodeCastel(
    { id: '1', uniqueId: '611150000956', type, attributes, createdAt: '2025-01-01T00:00:00.000Z' },
    s,
  );
  return out === null ? null : (out as Buffer).toString('hex');
};

describe('castel encoder', () => {
  it('writes petrol control 0x4583 for engine stop (1) and resume (0)', () => {
    expect(encode('engineStop')).toBe('40402000013631313135303030303935360000000000000000458301cea80d0a');
    expect(encode('engineResume')).toBe('4040200001363131313530303030393536000000000000000045830047b90d0a');
  });

  it('speaks the version the device last used', () => {
    const v12 = sessionFor('castel', { uniqueId: '611150000956', state: { version: 12 } });
    expect(encode('engineStop', {}, v12)?.slice(8, 10)).toBe('0c');
  });

  it('frames a custom type and content, and sends a whole custom frame as it is', () => {
    expect(encode('custom', { data: '4583 01' })).toBe(encode('engineStop'));
    const heartbeat = '40401f00043130303131313235323939383700000000000000100303320d0a';
    expect(encode('custom', { data: heartbeat })).toBe(heartbeat);
    expect(encode('custom', { data: '1' })).toBe(encode('custom', { data: '0001' }));
  });

  it('refuses bad custom data and commands it has not', () => {
    expect(encode('custom', { data: 'zz' })).toBeNull();
    expect(encode('custom')).toBeNull();
    expect(encode('rebootDevice')).toBeNull();
  });
});
