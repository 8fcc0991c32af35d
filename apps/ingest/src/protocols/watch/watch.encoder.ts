import type { Encoder } from '../protocol.types';
import { watchFrame } from './watch.decoder';

/**
 * Commands of the watch protocol, framed like the device's own messages (`[3G*id*LEN*CONTENT]`, with the maker
 * and ZJ index the device last used): CR locates now, UPLOAD sets the reporting interval (seconds), RESET restarts,
 * POWEROFF turns the watch off, SOS1..3 set the SOS numbers, SOSSMS/LOWBAT/REMOVE switch alarm SMS, MESSAGE shows a
 * text (UTF-16BE in hex). A custom command's data is the content.
 */
export const encodeWatch: Encoder = (command, session) => {
  const content = commandContent(command.type, command.attributes);
  if (content === null) return null;
  const maker = typeof session.state.manufacturer === 'string' ? session.state.manufacturer : '3G';
  const index = typeof session.state.index === 'string' ? session.state.index : null;
  return watchFrame(maker, session.uniqueId ?? command.uniqueId, index, content);
};

function commandContent(type: string, attributes: Record<string, string | number | boolean>): string | null {
  const flag = (key: string) =>
    attributes[key] === true || attributes[key] === 'true' || attributes[key] === 1 ? 1 : 0;
  switch (type) {
    case 'custom':
      return typeof attributes.data === 'string' && attributes.data !== '' ? attributes.data : null;
    case 'positionSingle':
      return 'CR';
    case 'positionPeriodic': {
      const frequency = Number(attributes.frequency);
      return Number.isInteger(frequency) && frequency > 0 ? `UPLOAD,${frequency}` : null;
    }
    case 'rebootDevice':
      return 'RESET';
    case 'powerOff':
      return 'POWEROFF';
    case 'findDevice':
      return 'FIND';
    case 'sosNumber': {
      const index = Number(attributes.index);
      const phone = attributes.phone;
      if (![1, 2, 3].includes(index) || typeof phone !== 'string') return null;
      return `SOS${index},${phone}`;
    }
    case 'alarmSos':
      return `SOSSMS,${flag('enable')}`;
    case 'alarmBattery':
      return `LOWBAT,${flag('enable')}`;
    case 'alarmRemove':
      return `REMOVE,${flag('enable')}`;
    case 'message': {
      const message = attributes.message;
      if (typeof message !== 'string') return null;
      const utf16 = Buffer.from(message, 'utf16le').swap16();
      return `MESSAGE,${utf16.toString('hex').toUpperCase()}`;
    }
    default:
      return null;
  }
}
