import type { Encoder } from '../protocol.types';
import { calampMessage, MSG_USER_DATA, SERVICE_ACK_REQUEST } from './calamp.decoder';

/**
 * CalAmp commands: `custom` sends `data` as an LM Direct user data message (acknowledged request, route 0, id 0),
 * which the LMU hands to its serial port / script and acknowledges. The sequence number is the command id when it
 * is numeric. Other command types are not supported (LM Direct configures LMUs through parameter messages that
 * name device-specific PEG parameters).
 */
export const encodeCalamp: Encoder = (command) => {
  const data = command.attributes.data;
  if (command.type !== 'custom' || typeof data !== 'string' || data === '') return null;
  const text = Buffer.from(data, 'latin1');
  const body = Buffer.alloc(4 + text.length);
  body.writeUInt16BE(text.length, 2); // route 0, message id 0, length
  text.copy(body, 4);
  const sequence = /^\d+$/.test(command.id) ? Number(command.id) & 0xffff : 0;
  return calampMessage(Buffer.alloc(0), SERVICE_ACK_REQUEST, MSG_USER_DATA, sequence, body);
};
