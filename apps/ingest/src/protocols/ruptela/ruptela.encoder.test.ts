import { describe, expect, it } from 'vitest';
import { crc16Kermit } from '../../codec/crc16';
import { testSession } from '../../testing/traccar-vectors';
import { encodeRuptela } from './ruptela.encoder';

const session = testSession({ protocol: 'ruptela', uniqueId: '869530043209218' });
const command = (type: string, attributes: Record<string, string> = {}) => ({
  id: '1',
  uniqueId: '869530043209218',
  type,
  attributes,
  createdAt: '2025-01-01T00:00:00.000Z',
});

describe('ruptela encoder', () => {
  it('sends custom text as an SMS-via-GPRS command (108) with length and CRC-16/KERMIT', () => {
    const packet = encodeRuptela(command('custom', { data: 'coords' }), session) as Buffer;
    expect(packet.toString('hex')).toBe(
      `00076c${Buffer.from('coords').toString('hex')}${crc16Kermit(Buffer.from('6c636f6f726473', 'hex')).toString(16).padStart(4, '0')}`,
    );
    expect(packet.readUInt16BE(0)).toBe(7);
    expect(packet.readUInt16BE(packet.length - 2)).toBe(crc16Kermit(packet.subarray(2, packet.length - 2)));
  });

  it('returns null for other commands', () => {
    expect(encodeRuptela(command('engineStop'), session)).toBeNull();
    expect(encodeRuptela(command('custom'), session)).toBeNull();
  });
});
