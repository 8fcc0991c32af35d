import { describe, expect, it } from 'vitest';
import { sessionFor } from '../../testing/protocol.test-kit';
import { encodeAtrack } from './atrack.encoder';

const session = sessionFor('atrack', { uniqueId: '359551037986626' });
const command = (type: string, attributes: Record<string, string | number | boolean> = {}) =>
  encodeAtrack(
    { id: '1', uniqueId: '359551037986626', type, attributes, createdAt: '2025-01-01T00:00:00.000Z' },
    session,
  );

describe('atrack encoder', () => {
  it('sends a custom AT command as one CR LF line', () => {
    expect(command('custom', { data: 'AT$INFO=?' })).toBe('AT$INFO=?\r\n');
    expect(
      Buffer.from(command('custom', { data: 'AT$FORM=0,@P,0,"%CI%MV%BV"\r\n' }) as string, 'latin1').toString('hex'),
    ).toBe(Buffer.from('AT$FORM=0,@P,0,"%CI%MV%BV"\r\n', 'latin1').toString('hex'));
  });

  it('has nothing for an empty custom command or other commands', () => {
    expect(command('custom', {})).toBeNull();
    expect(command('engineStop')).toBeNull();
    expect(command('positionSingle')).toBeNull();
  });
});
