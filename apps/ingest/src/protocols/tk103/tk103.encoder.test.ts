import { describe, expect, it } from 'vitest';
import { sessionFor } from '../../testing/protocol.test-kit';
import { encodeTk103 } from './tk103.encoder';

const session = sessionFor('tk103', { uniqueId: '013612345678' });
const command = (type: string, attributes: Record<string, string | number | boolean> = {}) =>
  encodeTk103({ id: '1', uniqueId: '013612345678', type, attributes, createdAt: '2025-01-01T00:00:00.000Z' }, session);

describe('tk103 encoder', () => {
  it('frames the documented commands', () => {
    expect(command('engineStop')).toBe('(013612345678AV011)');
    expect(command('engineResume')).toBe('(013612345678AV010)');
    expect(command('positionSingle')).toBe('(013612345678AP00)');
    expect(command('positionPeriodic', { frequency: 30 })).toBe('(013612345678AR00001E0000)');
    expect(command('positionStop')).toBe('(013612345678AR0000000000)');
    expect(command('rebootDevice')).toBe('(013612345678AT00)');
  });

  it('sends custom data inside the frame, or as is when already framed', () => {
    expect(command('custom', { data: 'AV010' })).toBe('(013612345678AV010)');
    expect(command('custom', { data: '(013612345678AP07)' })).toBe('(013612345678AP07)');
    expect(command('custom', {})).toBeNull();
    expect(command('alarmArm')).toBeNull();
  });
});
