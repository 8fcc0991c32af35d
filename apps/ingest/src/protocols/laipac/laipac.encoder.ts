import type { Encoder } from '../protocol.types';
import { LAIPAC_DEFAULT_PASSWORD, nmeaChecksum } from './laipac.decoder';

const sentence = (text: string) => `${text}${nmeaChecksum(text)}\r\n`;

/**
 * Laipac host sentences, each with its NMEA checksum and the unit's password (the factory one, 00000000):
 * positionSingle `$AVREQ,<password>,1`, rebootDevice `$AVRESET,<password>`; custom sends `data` as a sentence
 * (checksum added unless it has one).
 */
export const encodeLaipac: Encoder = (command) => {
  switch (command.type) {
    case 'positionSingle':
      return sentence(`$AVREQ,${LAIPAC_DEFAULT_PASSWORD},1`);
    case 'rebootDevice':
      return sentence(`$AVRESET,${LAIPAC_DEFAULT_PASSWORD}`);
    case 'custom': {
      const data = command.attributes.data;
      if (typeof data !== 'string' || data === '') return null;
      return data.includes('*') ? `${data}\r\n` : sentence(data.startsWith('$') ? data : `$${data}`);
    }
    default:
      return null;
  }
};
