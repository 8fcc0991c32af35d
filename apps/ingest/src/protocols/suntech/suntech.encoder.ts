import type { Encoder } from '../protocol.types';
import type { SuntechState } from './suntech.decoder';

/**
 * Commands of the Suntech manuals: `<model>CMD;<id>;02;<command>` with the model prefix the device reports with
 * (learnt by the decoder, ST300 until then): positionSingle StatusReq, engineStop Enable1 / engineResume Disable1
 * (output 1), rebootDevice Reboot, and custom (the whole command line as given). Lines end with CR as the device's.
 */
export const encodeSuntech: Encoder = (command, session) => {
  const prefix = (session.state as SuntechState).prefix ?? 'ST300';
  const line = (action: string) => `${prefix}CMD;${command.uniqueId};02;${action}\r`;
  switch (command.type) {
    case 'positionSingle':
      return line('StatusReq');
    case 'engineStop':
      return line('Enable1');
    case 'engineResume':
      return line('Disable1');
    case 'rebootDevice':
      return line('Reboot');
    case 'custom': {
      const data = command.attributes.data;
      return typeof data === 'string' && data !== '' ? `${data.replace(/\r?\n?$/, '')}\r` : null;
    }
    default:
      return null;
  }
};
