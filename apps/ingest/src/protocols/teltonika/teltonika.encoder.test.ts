import { describe, expect, it } from 'vitest';
import { testSession } from '../../testing/traccar-vectors';
import { encodeTeltonika } from './teltonika.encoder';

const session = testSession({ protocol: 'teltonika', uniqueId: '123456789012345' });
const command = (type: string, attributes: Record<string, string | number | boolean> = {}) => ({
  id: '1',
  uniqueId: '123456789012345',
  type,
  attributes,
  createdAt: '2025-01-01T00:00:00.000Z',
});
const encode = (type: string, attributes?: Record<string, string | number | boolean>) =>
  (encodeTeltonika(command(type, attributes), session) as Buffer | null)?.toString('hex') ?? null;

describe('teltonika encoder', () => {
  it('wraps a text command in codec 12 as the protocol documentation shows (getinfo)', () => {
    expect(encode('custom', { data: 'getinfo' })).toBe('000000000000000f0c010500000007676574696e666f0100004312');
  });

  it('sends hex custom data as raw command bytes', () => {
    expect(encode('custom', { data: '676574696E666F' })).toBe(encode('custom', { data: 'getinfo' }));
  });

  it('drives digital output 1 to stop and resume the engine', () => {
    const stop = Buffer.from(encode('engineStop') as string, 'hex');
    expect(stop.subarray(15, 15 + 11).toString('latin1')).toBe('setdigout 1');
    expect(stop.readUInt32BE(4)).toBe(stop.length - 12);
    expect(
      Buffer.from(encode('engineResume') as string, 'hex')
        .subarray(15, 26)
        .toString('latin1'),
    ).toBe('setdigout 0');
  });

  it('sets one output of several, reboots and asks for a record', () => {
    const text = (hex: string | null) =>
      Buffer.from(hex as string, 'hex')
        .subarray(15, -5)
        .toString('latin1');
    expect(text(encode('outputControl', { index: 3, data: '1' }))).toBe('setdigout ??1');
    expect(text(encode('rebootDevice'))).toBe('cpureset');
    expect(text(encode('positionSingle'))).toBe('getrecord');
  });

  it('returns null for unsupported or incomplete commands', () => {
    expect(encode('positionPeriodic', { frequency: 60 })).toBeNull();
    expect(encode('custom')).toBeNull();
    expect(encode('outputControl', { index: 0, data: '1' })).toBeNull();
  });
});
