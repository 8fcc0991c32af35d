import { describe, expect, it } from 'vitest';
import { sessionFor } from '../../testing/protocol.test-kit';
import { encodeXirgo } from './xirgo.encoder';

const session = sessionFor('xirgo', { uniqueId: '354660046140722' });
const command = (type: string, attributes: Record<string, string | number | boolean> = {}) =>
  encodeXirgo(
    { id: '1', uniqueId: '354660046140722', type, attributes, createdAt: '2025-01-01T00:00:00.000Z' },
    session,
  );

describe('xirgo encoder', () => {
  it('sets the output with +XT:7005', () => {
    expect(command('outputControl', { data: '1' })).toBe('+XT:7005,2,1');
    expect(command('outputControl', { data: '0' })).toBe('+XT:7005,1,1');
    expect(command('outputControl', { data: '2' })).toBeNull();
  });

  it('sends custom data as it is and nothing for other commands', () => {
    expect(command('custom', { data: '+XT:1010' })).toBe('+XT:1010');
    expect(command('custom', {})).toBeNull();
    expect(command('engineStop')).toBeNull();
  });
});
