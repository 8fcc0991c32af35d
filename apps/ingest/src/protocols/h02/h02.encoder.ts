import type { Encoder } from '../protocol.types';

/**
 * H02 commands: `*HQ,<id>,<command>,<hhmmss>[,<params>]#`, the time being the command's creation time in UTC
 * (devices echo it in their V4 replies). A custom command's data is sent as it is.
 */
export const encodeH02: Encoder = (command, session) => {
  const uniqueId = session.uniqueId ?? command.uniqueId;
  const time = new Date(command.createdAt);
  const hhmmss = Number.isNaN(time.getTime()) ? '000000' : time.toISOString().substring(11, 19).replace(/:/g, '');
  const format = (type: string, ...params: string[]) => `*HQ,${uniqueId},${[type, hhmmss, ...params].join(',')}#`;
  switch (command.type) {
    case 'engineStop':
      return format('S20', '1', '1');
    case 'engineResume':
      return format('S20', '1', '0');
    case 'alarmArm':
      return format('SCF', '0', '0');
    case 'alarmDisarm':
      return format('SCF', '1', '1');
    case 'positionPeriodic': {
      const frequency = Number(command.attributes.frequency);
      return Number.isInteger(frequency) && frequency > 0 ? format('S71', '22', String(frequency)) : null;
    }
    case 'custom': {
      const data = command.attributes.data;
      return typeof data === 'string' && data !== '' ? data : null;
    }
    default:
      return null;
  }
};
