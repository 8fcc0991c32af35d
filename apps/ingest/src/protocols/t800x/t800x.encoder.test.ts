import { describe, expect, it } from 'vitest';
import { testSession } from '../../testing/traccar-vectors';
import { encodeT800x } from './t800x.encoder';

const encode = (type: string, attributes: Record<string, string>, state: Record<string, unknown> = {}) =>
  encodeT800x(
    { id: '1', uniqueId: '860000000000001', type, attributes, createdAt: '2025-01-01T00:00:00.000Z' },
    { ...testSession({ protocol: 't800x', uniqueId: '860000000000001' }), state },
  );

describe('t800x encoder', () => {
  it('sends a custom command as a 0x81 message in the header the device uses', () => {
    expect((encode('custom', { data: 'VER#' }) as Buffer).toString('hex')).toBe(
      '252581001800000860000000000001015600450052002300',
    );
  });

  it('uses the header learnt from the device', () => {
    expect((encode('custom', { data: 'A' }, { header: 0x23 }) as Buffer).toString('hex')).toBe(
      '232381001200000860000000000001014100',
    );
  });

  it('returns null for what it cannot encode', () => {
    expect(encode('custom', {})).toBeNull();
    expect(encode('engineStop', {})).toBeNull();
  });
});
