import { describe, expect, it } from 'vitest';
import { sessionFor } from '../../testing/protocol.test-kit';
import { encodeMinifinder2 } from './minifinder2.encoder';

const session = sessionFor('minifinder2', { uniqueId: '861629050625098' });
const encode = (type: string, attributes: Record<string, string | number | boolean> = {}) => {
  const out = encodeMinifinder2(
    { id: '1', uniqueId: '861629050625098', type, attributes, createdAt: '2025-01-01T00:00:00.000Z' },
    session,
  );
  return out === null ? null : (out as Buffer).toString('hex');
};

describe('minifinder2 encoder', () => {
  it('frames custom content with its length and CRC', () => {
    expect(encode('custom', { data: '040201' })).toBe('ab00030083aa0000040201');
  });

  it('refuses content that is not hex, and other commands', () => {
    expect(encode('custom', { data: '40201' })).toBe('ab00030083aa0000040201');
    expect(encode('custom', { data: 'xyz' })).toBeNull();
    expect(encode('custom', {})).toBeNull();
    expect(encode('engineStop')).toBeNull();
  });
});
