import type { CommandMessage } from '@waymark/contracts/bus';
import type { Encoder } from '../protocol.types';
import { eelinkPacket, MSG_DOWNLINK } from './eelink-common';

const COMMAND_SIGN = 0x01;

/** The device's text command for a command, or null when it has none (or its parameters are wrong). */
function textOf(command: CommandMessage): string | null {
  const a = command.attributes;
  switch (command.type) {
    case 'custom':
      return typeof a.data === 'string' && a.data !== '' ? a.data : null;
    case 'positionSingle':
      return 'WHERE#';
    case 'engineStop':
      return 'RELAY,1#';
    case 'engineResume':
      return 'RELAY,0#';
    case 'rebootDevice':
      return 'RESET#';
    case 'getVersion':
      return 'VERSION#';
    case 'getDeviceStatus':
      return 'STATUS#';
    case 'positionPeriodic': {
      const frequency = Number(a.frequency);
      return Number.isInteger(frequency) && frequency > 0 ? `TIMER,${frequency},1#` : null;
    }
    case 'positionStop':
      return 'TIMER,0,0#';
    case 'outputControl': {
      const port = Number(a.index ?? 1);
      const value = String(a.data ?? '');
      if (!Number.isInteger(port) || port < 1 || port > 4 || !/^[01]$/.test(value)) return null;
      const mask = '0000'.split('');
      const state = '0000'.split('');
      mask[port - 1] = '1';
      state[port - 1] = value;
      return `PORT,${state.join('')},${mask.join('')}#`;
    }
    case 'sosNumber':
      return typeof a.data === 'string' && a.data !== '' ? `SOS,A,${a.data}#` : 'SOS,D#';
    case 'sendSms': {
      const phone = typeof a.phone === 'string' ? a.phone : '';
      const message = typeof a.message === 'string' ? a.message : '';
      return phone && message ? `FW,${phone},${message}#` : null;
    }
    default:
      return null;
  }
}

/**
 * Eelink commands are the device's SMS texts (`WHERE#`, `RELAY,1#`, `TIMER,30,1#`, `PORT,0100,0100#`…) in a
 * downlink packet 0x80: command sign 0x01, server id 0, the text; over UDP in the `EL` envelope with the IMEI.
 */
export const encodeEelink: Encoder = (command, session) => {
  const text = textOf(command);
  if (text === null) return null;
  const content = Buffer.concat([Buffer.from([COMMAND_SIGN, 0, 0, 0, 0]), Buffer.from(text, 'utf8')]);
  const uniqueId = session.uniqueId ?? command.uniqueId;
  return eelinkPacket(MSG_DOWNLINK, 0, content, session.transport === 'udp' ? uniqueId : undefined);
};
