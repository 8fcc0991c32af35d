import type { CommandMessage } from '@waymark/contracts/bus';
import type { Encoder, SessionView } from '../protocol.types';

/** Serial number the device echoes in its +ACK. */
const SERIAL = 'FFFF';

/**
 * The device password: the command's `devicePassword`, else the device type the device reported (Queclink's
 * factory password is its lower-case type, e.g. gv300), else gl200.
 */
function password(command: CommandMessage, session: SessionView): string {
  const given = command.attributes.devicePassword;
  if (typeof given === 'string' || typeof given === 'number') return String(given);
  const type = session.state.deviceType;
  return typeof type === 'string' && /^[A-Za-z0-9]{1,20}$/.test(type) ? type.toLowerCase() : 'gl200';
}

/** AT+GTRTO sub-commands: 1 report the position, 3 reboot, 8 report the versions. */
const rto = (pw: string, sub: string) => `AT+GTRTO=${pw},${sub},,,,,,${SERIAL}$`;

/** AT+GTOUT with output 1 set (1) or cleared (0), outputs 2–4 cleared, no wave shape. */
const out = (pw: string, state: 0 | 1) => `AT+GTOUT=${pw},${state},0,0,0,0,0,0,0,0,0,0,0,,,,,${SERIAL}$`;

/**
 * Queclink @Track AT commands: engineStop / engineResume drive output 1 (the relay), positionSingle,
 * rebootDevice and identification use AT+GTRTO, custom sends `data` as it is. Null for anything else.
 */
export const encodeGl200: Encoder = (command, session) => {
  const pw = password(command, session);
  switch (command.type) {
    case 'custom': {
      const data = command.attributes.data;
      return typeof data === 'string' && data !== '' ? data : null;
    }
    case 'engineStop':
      return out(pw, 1);
    case 'engineResume':
      return out(pw, 0);
    case 'positionSingle':
      return rto(pw, '1');
    case 'rebootDevice':
      return rto(pw, '3');
    case 'identification':
      return rto(pw, '8');
    default:
      return null;
  }
};
