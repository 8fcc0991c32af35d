import type { Encoder } from '../protocol.types';

/**
 * TK103 commands: `(` device id + command `)`. AV01 drives the fuel/power relay (1 cut, 0 resume), AR00 sets the
 * reporting interval (seconds, 4 hex digits, then a 4-digit duration, 0000 = until changed), AP00 asks for one
 * position, AT00 restarts the device. A custom command's data is sent inside the parentheses after the id, or as
 * it is when it already is a whole frame.
 */
export const encodeTk103: Encoder = (command, session) => {
  const id = session.uniqueId ?? command.uniqueId;
  const frame = (content: string) => `(${id}${content})`;
  switch (command.type) {
    case 'custom': {
      const data = command.attributes.data;
      if (typeof data !== 'string' || data === '') return null;
      return data.startsWith('(') ? data : frame(data);
    }
    case 'engineStop':
      return frame('AV011');
    case 'engineResume':
      return frame('AV010');
    case 'positionSingle':
      return frame('AP00');
    case 'positionPeriodic': {
      const frequency = Number(command.attributes.frequency);
      if (!Number.isInteger(frequency) || frequency < 0 || frequency > 0xffff) return null;
      return frame(`AR00${frequency.toString(16).toUpperCase().padStart(4, '0')}0000`);
    }
    case 'positionStop':
      return frame('AR0000000000');
    case 'rebootDevice':
      return frame('AT00');
    case 'getVersion':
      return frame('AP07');
    default:
      return null;
  }
};
