import { crc16Ibm } from '../../codec/crc16';
import type { Encoder } from '../protocol.types';

/**
 * Teltonika GPRS commands as codec 12 packets: 4 zero bytes, data length, codec 0x0C, quantity 1, type 0x05,
 * command length, command bytes, quantity 1, then the CRC-16/IBM of the data as 4 bytes.
 * - custom: `data` as text, or as raw bytes when it is hex (an even number of hex digits);
 * - engineStop / engineResume: `setdigout 1` / `setdigout 0` (digital output 1 drives the relay);
 * - outputControl: `setdigout` with `?` (unchanged) for the outputs before `index`, then `data` (0 or 1);
 * - rebootDevice: `cpureset`; positionSingle: `getrecord` (the device sends a fresh record).
 */
export const encodeTeltonika: Encoder = (command) => {
  const text = (value: string) => codec12(Buffer.from(value, 'latin1'));
  switch (command.type) {
    case 'custom': {
      const data = command.attributes.data;
      if (typeof data !== 'string' || data === '') return null;
      return /^([0-9a-fA-F]{2})+$/.test(data) ? codec12(Buffer.from(data, 'hex')) : text(data);
    }
    case 'engineStop':
      return text('setdigout 1');
    case 'engineResume':
      return text('setdigout 0');
    case 'outputControl': {
      const index = Number(command.attributes.index ?? 1);
      const value = String(command.attributes.data ?? '');
      if (!Number.isInteger(index) || index < 1 || index > 8 || !/^[01]$/.test(value)) return null;
      return text(`setdigout ${'?'.repeat(index - 1)}${value}`);
    }
    case 'rebootDevice':
      return text('cpureset');
    case 'positionSingle':
      return text('getrecord');
    default:
      return null;
  }
};

/** One codec 12 command packet around `content`. */
export function codec12(content: Buffer): Buffer {
  const data = Buffer.alloc(8 + content.length);
  data.writeUInt8(0x0c, 0); // codec 12
  data.writeUInt8(1, 1); // command quantity
  data.writeUInt8(0x05, 2); // type: command
  data.writeUInt32BE(content.length, 3);
  content.copy(data, 7);
  data.writeUInt8(1, 7 + content.length); // command quantity
  const packet = Buffer.alloc(12 + data.length);
  packet.writeUInt32BE(data.length, 4);
  data.copy(packet, 8);
  packet.writeUInt32BE(crc16Ibm(data), 8 + data.length);
  return packet;
}
