import type { Encoder } from '../protocol.types';
import { gt06Frame } from './gt06-common';
import { MSG } from './gt06-types';

/**
 * Commands as online command frames (0x80): content length, a 4-byte server flag (0), the ASCII command, serial 0.
 * Texts are those of Concox's SMS/online command set: Relay,1# cuts the fuel, Relay,0# restores it, TIMER,n,n#
 * sets the upload interval (while moving and at rest), RESET# reboots.
 */
export const encodeGt06: Encoder = (command) => {
  const text = commandText(command.type, command.attributes);
  if (text === null || text.length === 0 || text.length > 240) return null;
  const ascii = Buffer.from(text, 'latin1');
  const content = Buffer.concat([Buffer.from([4 + ascii.length, 0, 0, 0, 0]), ascii]);
  return gt06Frame(false, MSG.COMMAND_0, 0, content);
};

function commandText(type: string, attributes: Record<string, string | number | boolean>): string | null {
  switch (type) {
    case 'engineStop':
      return 'Relay,1#';
    case 'engineResume':
      return 'Relay,0#';
    case 'custom':
      return typeof attributes.data === 'string' ? attributes.data : null;
    case 'positionPeriodic': {
      const frequency = Number(attributes.frequency);
      if (!Number.isInteger(frequency) || frequency <= 0) return null;
      return `TIMER,${frequency},${frequency}#`;
    }
    case 'rebootDevice':
      return 'RESET#';
    default:
      return null;
  }
}
