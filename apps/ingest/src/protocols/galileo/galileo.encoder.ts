import type { Encoder } from '../protocol.types';
import { crc16Modbus } from './galileo-crc';

/**
 * Commands travel as a packet like the device's own: 0x01, length, IMEI (0x03), device number (0x04, learnt from
 * the head packet), a command number (0xE0) and the command text (0xE1, at most 255 bytes), CRC-16/MODBUS. The
 * device answers with a packet carrying the same number and its reply text. `custom` sends its text (e.g.
 * `status`, `insys`); outputControl switches output N (`out N,0|1`).
 */
export const encodeGalileo: Encoder = (command, session) => {
  const a = command.attributes;
  let text: string | null = null;
  if (command.type === 'custom' && typeof a.data === 'string') text = a.data.trim();
  else if (command.type === 'outputControl' && Number.isInteger(a.index) && (a.data === '0' || a.data === '1')) {
    text = `out ${a.index},${a.data}`;
  }
  const imei = session.uniqueId ?? command.uniqueId;
  const deviceId = session.state.deviceId;
  if (!text || text.length > 255 || !/^[\x20-\x7e]+$/.test(text) || !/^\d{15}$/.test(imei)) return null;
  if (typeof deviceId !== 'number') return null;
  const body = Buffer.alloc(1 + 15 + 1 + 2 + 1 + 4 + 1 + 1 + text.length);
  let at = body.writeUInt8(0x03, 0);
  at += body.write(imei, at, 'latin1');
  at = body.writeUInt8(0x04, at);
  at = body.writeUInt16LE(deviceId, at);
  at = body.writeUInt8(0xe0, at);
  at = body.writeUInt32LE(commandNumber(command.id), at);
  at = body.writeUInt8(0xe1, at);
  at = body.writeUInt8(text.length, at);
  body.write(text, at, 'latin1');
  const head = Buffer.from([0x01, body.length & 0xff, body.length >> 8]);
  const packet = Buffer.concat([head, body, Buffer.alloc(2)]);
  packet.writeUInt16LE(crc16Modbus(packet, 0, packet.length - 2), packet.length - 2);
  return packet;
};

/** The command's number in the packet: its id when numeric, else a hash of it (the reply carries it back). */
function commandNumber(id: string): number {
  if (/^\d{1,9}$/.test(id)) return Number(id);
  let hash = 0;
  for (let i = 0; i < id.length; i++) hash = (Math.imul(hash, 31) + id.charCodeAt(i)) >>> 0;
  return hash;
}
