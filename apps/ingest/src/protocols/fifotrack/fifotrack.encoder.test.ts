import { describe, expect, it } from 'vitest';
import { testSession } from '../../testing/traccar-vectors';
import { encodeFifotrack } from './fifotrack.encoder';

const session = testSession({ protocol: 'fifotrack', uniqueId: '123456789012345' });
const encode = (type: string, attributes: Record<string, string> = {}) =>
  encodeFifotrack(
    { id: '1', uniqueId: '123456789012345', type, attributes, createdAt: '2025-01-01T00:00:00.000Z' },
    session,
  );

describe('fifotrack encoder', () => {
  it('frames commands with their length and XOR checksum', () => {
    // ",123456789012345,1,D05,3" is 24 bytes
    expect(encode('requestPhoto')).toBe('##24,123456789012345,1,D05,3*75\r\n');
    expect(encode('custom', { data: 'B07,60' })).toBe('##25,123456789012345,1,B07,60*45\r\n');
  });

  it('returns null for what it cannot encode', () => {
    expect(encode('custom', { data: 'B07*1' })).toBeNull();
    expect(encode('custom')).toBeNull();
    expect(encode('engineStop')).toBeNull();
  });
});
