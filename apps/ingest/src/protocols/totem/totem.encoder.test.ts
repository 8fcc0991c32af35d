import { describe, expect, it } from 'vitest';
import { testSession } from '../../testing/traccar-vectors';
import { encodeTotem } from './totem.encoder';

const session = testSession({ protocol: 'totem', uniqueId: '860000000000001' });
const encode = (type: string, attributes: Record<string, string> = {}) =>
  encodeTotem(
    { id: '1', uniqueId: '860000000000001', type, attributes, createdAt: '2025-01-01T00:00:00.000Z' },
    session,
  );

describe('totem encoder', () => {
  it('switches output C for engine stop and resume, with the factory or the given password', () => {
    expect(encode('engineStop')).toBe('*000000,025,C,1#');
    expect(encode('engineResume', { devicePassword: '123456' })).toBe('*123456,025,C,0#');
    expect(encode('engineStop', { devicePassword: '12;34' })).toBe('*000000,025,C,1#');
  });

  it('sends a custom command as given', () => {
    expect(encode('custom', { data: '*000000,011,0#' })).toBe('*000000,011,0#');
  });

  it('returns null for what it cannot encode', () => {
    expect(encode('custom')).toBeNull();
    expect(encode('custom', { data: 'a\r\nb' })).toBeNull();
    expect(encode('requestPhoto')).toBeNull();
  });
});
