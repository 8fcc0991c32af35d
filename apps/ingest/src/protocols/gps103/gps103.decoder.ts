import type { DecodeResult, Decoder } from '../protocol.types';
import type { Gps103Decoded } from './gps103-messages';
import { decodeAlternative, decodeObd, decodeRegular } from './gps103-messages';

/**
 * GPS103 (Xexun / Coban TK102-TK106 family) over TCP or UDP: `imei:<imei>,<keyword>,<local time>,<rfid>,F|L,…;`
 * sentences, OBD sentences, an alternative `…*` layout, a login `##,imei:<imei>,A;` answered with LOAD and an IMEI
 * heartbeat answered with ON. Field semantics follow Traccar.
 */
export const decodeGps103: Decoder<Buffer> = (frame) => {
  let sentence = frame.toString('latin1');

  if (sentence.includes('imei:') && sentence.length <= 30) {
    const login = /imei:(\d+),/.exec(sentence);
    return login ? { messages: [], uniqueId: login[1] as string, ack: 'LOAD' } : { messages: [], ack: 'LOAD' };
  }

  let ack: string | undefined;
  if (/^\d/.test(sentence)) {
    ack = 'ON';
    const start = sentence.indexOf('imei:');
    if (start < 0) {
      // heartbeat: the IMEI alone
      const imei = /^(\d{10,20})[;\s]*$/.exec(sentence);
      return imei ? { messages: [], uniqueId: imei[1] as string, ack } : { messages: [], ack };
    }
    sentence = sentence.substring(start);
  }

  let decoded: Gps103Decoded | null;
  if (sentence.startsWith('vr', 21)) {
    // photo data: not supported, but it names the device
    const imei = sentence.substring(5, 20);
    return /^\d+$/.test(imei) ? { messages: [], uniqueId: imei } : { messages: [] };
  }
  if (sentence.substring(21, 24).includes('OBD')) decoded = decodeObd(sentence);
  else if (sentence.endsWith('*')) decoded = decodeAlternative(sentence);
  else decoded = decodeRegular(sentence);

  const result: DecodeResult = { messages: decoded ? [decoded.position] : [] };
  if (decoded) result.uniqueId = decoded.uniqueId;
  const reply = decoded?.ack ?? ack;
  if (reply) result.ack = reply;
  return result;
};
