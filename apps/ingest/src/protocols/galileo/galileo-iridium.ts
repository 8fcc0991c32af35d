import { newPositionAt, setLocation, setTime } from '../../codec/position-builder';
import type { DecodeResult, SessionView } from '../protocol.types';
import { readRecords } from './galileo-records';

/**
 * An Iridium SBD message (DirectIP, mobile originated): information elements of id, 16-bit length and data. The
 * MO header (0x01) holds the IMEI and the session time, the location element (0x03) the modem's Iridium-computed
 * location (degrees and thousandths of minutes, with its CEP radius in km), the payload (0x02) the device's own
 * Galileosky tags. The payload's records are the positions; without any, the Iridium location and session time
 * make one. No acknowledgement is sent (the Iridium gateway has taken the message).
 */
export function decodeIridium(frame: Buffer, session: SessionView): DecodeResult {
  const length = frame.readUInt16BE(1);
  if (frame.length !== length + 3) throw new Error('iridium length mismatch');
  const result: DecodeResult = { messages: [] };
  const payload: DecodeResult = { messages: [] };
  const position = newPositionAt();
  let at = 3;
  while (at + 3 <= frame.length) {
    const id = frame[at] as number;
    const size = frame.readUInt16BE(at + 1);
    const data = at + 3;
    if (data + size > frame.length) throw new Error('iridium element does not fit');
    if (id === 0x01 && size >= 28) {
      result.uniqueId = frame.toString('latin1', data + 4, data + 19);
      setTime(position, frame.readUInt32BE(data + 24) * 1000);
    } else if (id === 0x03 && size >= 11) {
      const flags = frame[data] as number;
      const latitude = (frame[data + 1] as number) + frame.readUInt16BE(data + 2) / 60000;
      const longitude = (frame[data + 4] as number) + frame.readUInt16BE(data + 5) / 60000;
      setLocation(position, flags & 0x02 ? -latitude : latitude, flags & 0x01 ? -longitude : longitude);
      position.valid = true;
      position.accuracy = frame.readUInt32BE(data + 7) * 1000;
    } else if (id === 0x02) {
      readRecords(frame, data, data + size, session, payload);
    }
    at = data + size;
  }
  if (payload.messages.length > 0) result.messages = payload.messages;
  else if (!position.outdated && position.fixTime !== null) result.messages.push(position);
  return result;
}
