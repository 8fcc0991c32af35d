import type { Encoder } from '../protocol.types';
import { ruptelaPacket } from './ruptela.decoder';

/** Command 108 (SMS via GPRS): the text of an SMS command, answered by the device with command 7. */
const MSG_SMS_VIA_GPRS = 108;

/**
 * Ruptela commands: `custom` sends `data` as an SMS-via-GPRS command (the device's SMS command syntax, e.g.
 * `coords` or a configuration command). Other command types are not supported.
 */
export const encodeRuptela: Encoder = (command) => {
  const data = command.attributes.data;
  if (command.type !== 'custom' || typeof data !== 'string' || data === '') return null;
  return ruptelaPacket(MSG_SMS_VIA_GPRS, Buffer.from(data, 'latin1'));
};
