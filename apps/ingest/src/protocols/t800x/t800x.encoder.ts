import type { Encoder } from '../protocol.types';
import type { T800xState } from './t800x.decoder';

/**
 * A command goes out as a 0x81 message in the device's own header (learnt from its frames, `%%` until then):
 * `<header 2><0x81><length u16><sequence 0 u16><IMEI 8 BCD><0x01><command text, UTF-16LE>`, the framing the device
 * answers in. custom sends its `data` text (e.g. `VERSION#`).
 */
export const encodeT800x: Encoder = (command, session) => {
  if (command.type !== 'custom') return null;
  const data = command.attributes.data;
  const imei = session.uniqueId ?? command.uniqueId;
  if (typeof data !== 'string' || data === '' || !/^\d{1,16}$/.test(imei)) return null;
  const header = (session.state as T800xState).header ?? 0x25;
  const text = Buffer.from(data, 'utf16le');
  const frame = Buffer.alloc(16 + text.length);
  frame[0] = header;
  frame[1] = header;
  frame[2] = 0x81;
  frame.writeUInt16BE(frame.length, 3);
  frame.writeUInt16BE(0, 5);
  Buffer.from(imei.padStart(16, '0'), 'hex').copy(frame, 7);
  frame[15] = 0x01;
  text.copy(frame, 16);
  return frame;
};
