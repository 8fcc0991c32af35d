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

  /** The exact packet: length, command, payload, CRC-16/KERMIT of command and payload. */
  const expected = (cmd: number, payloadHex: string) => {
    const body = Buffer.concat([Buffer.from([cmd]), Buffer.from(payloadHex, 'hex')]);
    const out = Buffer.alloc(body.length + 4);
    out.writeUInt16BE(body.length, 0);
    body.copy(out, 2);
    out.writeUInt16BE(crc16Kermit(body), 2 + body.length);
    return out.toString('hex');
  };
  const encoded = (type: string, attributes: Record<string, string> = {}) =>
    (encodeRuptela(command(type, attributes), session) as Buffer).toString('hex');

  it('encodes configuration, version, firmware update, output, connection, odometer and photo commands', () => {
    expect(encoded('configuration', { data: '#cfg_start@' })).toBe(
      expected(102, Buffer.from('#cfg_start@\r\n').toString('hex')),
    );
    expect(encoded('getVersion')).toBe(expected(103, ''));
    expect(encoded('firmwareUpdate')).toBe(expected(104, Buffer.from('|FU_STRT*\r\n').toString('hex')));
    expect(encoded('outputControl', { index: '1', data: '1' })).toBe(expected(117, '0000000100000001'));
    expect(encoded('setConnection', { server: 'gps.example.com', port: '5046' })).toBe(
      expected(105, Buffer.from('gps.example.com,5046,TCP').toString('hex')),
    );
    expect(encoded('setOdometer', { data: '123456' })).toBe(expected(106, '0001e240'));
    expect(encoded('requestPhoto')).toBe(expected(137, '0100000000007fffffff'));
  });

  it('returns null for other commands and for missing or bad parameters', () => {
    expect(encodeRuptela(command('engineStop'), session)).toBeNull();
    expect(encodeRuptela(command('custom'), session)).toBeNull();
    expect(encodeRuptela(command('outputControl', { index: 'x', data: '1' }), session)).toBeNull();
    expect(encodeRuptela(command('setConnection', { server: 'a' }), session)).toBeNull();
    expect(encodeRuptela(command('setOdometer', { data: '-1' }), session)).toBeNull();
  });
});
