import type { Encoder } from '../protocol.types';
import { cellocatorMessage } from './cellocator.decoder';

const MSG_COMMAND = 0;
const COMMAND_STATUS_REQUEST = 0x00;

/**
 * Cellocator generic command (type 0 from the server): command numerator, authentication code (0), the command code
 * twice, two data fields each given twice, a 4-byte command-specific field. `positionSingle` is the immediate status
 * request (code 0): the unit answers with a status message. The unit id is the device's unique id.
 */
export const encodeCellocator: Encoder = (command) => {
  if (command.type !== 'positionSingle') return null;
  if (!/^\d{1,10}$/.test(command.uniqueId) || Number(command.uniqueId) > 0xffffffff) return null;
  const body = Buffer.alloc(15);
  body.writeUInt8(COMMAND_STATUS_REQUEST, 5);
  body.writeUInt8(COMMAND_STATUS_REQUEST, 6);
  return cellocatorMessage(MSG_COMMAND, Number(command.uniqueId), body);
};
