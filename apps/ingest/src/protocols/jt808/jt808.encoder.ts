import type { Encoder } from '../protocol.types';
import { type Jt808Terminal, jt808Message } from './jt808-frame';

const TERMINAL_CONTROL = 0x8105;
const SET_PARAMETERS = 0x8103;
const LOCATION_QUERY = 0x8201;
const TEXT_MESSAGE = 0x8300;
const VEHICLE_CONTROL = 0x8500;

/**
 * JT/T 808 platform commands, addressed with the phone field and header version the terminal last used:
 * engineStop/engineResume = vehicle control 0x8500 (flag 1 / 0; the 2019 form as one 0x0001 control item),
 * positionSingle = 0x8201, positionPeriodic = 0x8103 parameter 0x0029 (interval, s), rebootDevice = 0x8105
 * command 4. A custom command whose data is hex is sent as those bytes (a whole prepared message); other text goes
 * out as a 0x8300 text message, the way most terminals take their SMS-style commands.
 */
export const encodeJt808: Encoder = (command, session) => {
  const custom = command.attributes.data;
  if (command.type === 'custom' && typeof custom === 'string' && /^([0-9a-fA-F]{2})+$/.test(custom)) {
    return Buffer.from(custom, 'hex');
  }
  const terminal = terminalOf(session.state);
  if (!terminal) return null;
  const message = (msgId: number, body: Buffer) => jt808Message(msgId, terminal, 0, body);
  switch (command.type) {
    case 'custom':
      return typeof custom === 'string' && custom !== ''
        ? message(TEXT_MESSAGE, Buffer.concat([Buffer.of(0x01), Buffer.from(custom, 'latin1')]))
        : null;
    case 'engineStop':
    case 'engineResume': {
      const flag = command.type === 'engineStop' ? 1 : 0;
      return message(VEHICLE_CONTROL, terminal.version === null ? Buffer.of(flag) : Buffer.of(0, 1, 0, 1, flag));
    }
    case 'positionSingle':
      return message(LOCATION_QUERY, Buffer.alloc(0));
    case 'positionPeriodic': {
      const frequency = Number(command.attributes.frequency);
      if (!Number.isInteger(frequency) || frequency <= 0 || frequency > 0xffffffff) return null;
      const body = Buffer.alloc(10);
      body.writeUInt8(1, 0); // one parameter
      body.writeUInt32BE(0x0029, 1); // default reporting interval
      body.writeUInt8(4, 5);
      body.writeUInt32BE(frequency, 6);
      return message(SET_PARAMETERS, body);
    }
    case 'rebootDevice':
      return message(TERMINAL_CONTROL, Buffer.of(0x04));
    default:
      return null;
  }
};

function terminalOf(state: Readonly<Record<string, unknown>>): Jt808Terminal | null {
  const phone = state.phone;
  if (typeof phone !== 'string' || !/^([0-9a-f]{12}|[0-9a-f]{20})$/.test(phone)) return null;
  const version = typeof state.version === 'number' ? state.version : null;
  return { phone: Buffer.from(phone, 'hex'), version };
}
