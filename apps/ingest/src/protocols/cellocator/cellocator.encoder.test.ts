import { describe, expect, it } from 'vitest';
import { testSession } from '../../testing/traccar-vectors';
import { encodeCellocator } from './cellocator.encoder';

const session = testSession({ protocol: 'cellocator', uniqueId: '549765' });
const command = (type: string, uniqueId = '549765') => ({
  id: '1',
  uniqueId,
  type,
  attributes: {},
  createdAt: '2025-01-01T00:00:00.000Z',
});

describe('cellocator encoder', () => {
  it('sends an immediate status request as a generic command', () => {
    // MCGP, type 0, unit 549765 (LE), numerator 0, auth 0, code 0 twice, data 0 x4, specific 0 x4, checksum
    expect((encodeCellocator(command('positionSingle'), session) as Buffer).toString('hex')).toBe(
      '4d4347500085630800000000000000000000000000000000f0',
    );
  });

  it('returns null for other commands and for a unique id that is not a unit number', () => {
    expect(encodeCellocator(command('engineStop'), session)).toBeNull();
    expect(encodeCellocator(command('positionSingle', 'abc'), session)).toBeNull();
  });
});
