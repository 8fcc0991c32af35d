import { describe, expect, it } from 'vitest';
import { sessionFor } from '../../testing/protocol.test-kit';
import { encodeJt600 } from './jt600.encoder';

const encode = (type: string, attributes: Record<string, string | number> = {}) =>
  encodeJt600(
    { id: '1', uniqueId: '3301210003', type, attributes, createdAt: '2025-01-01T00:00:00.000Z' },
    sessionFor('jt600', { uniqueId: '3301210003' }),
  );

describe('jt600 encoder', () => {
  it('writes the engine and time-zone commands', () => {
    expect(encode('engineStop')).toBe('(S07,0)');
    expect(encode('engineResume')).toBe('(S07,1)');
    expect(encode('setTimezone', { timezone: 19_800 })).toBe('(S09,1,330)');
    expect(encode('setTimezone', { timezone: -18_000 })).toBe('(S09,1,-300)');
  });

  it('sends custom text in parentheses', () => {
    expect(encode('custom', { data: 'P04' })).toBe('(P04)');
    expect(encode('custom', { data: '(S01,1)' })).toBe('(S01,1)');
  });

  it('refuses bad parameters and commands it has not', () => {
    expect(encode('setTimezone', { timezone: 30 })).toBeNull();
    expect(encode('setTimezone', { timezone: 'x' })).toBeNull();
    expect(encode('custom', { data: 'a)b' })).toBeNull();
    expect(encode('custom', { data: ' ' })).toBeNull();
    expect(encode('rebootDevice')).toBeNull();
  });
});
