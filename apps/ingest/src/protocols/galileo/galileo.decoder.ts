import type { DecodeResult, Decoder } from '../protocol.types';
import { isIridium } from './galileo.framer';
import { crc16Modbus } from './galileo-crc';
import { decodeIridium } from './galileo-iridium';
import { readRecords } from './galileo-records';

/**
 * Galileosky (port 5034): binary packets of tags (galileo.framer.ts). A data packet (0x01) holds one record or
 * several in a row (a tag seen again starts the next record); the head packet names the device (IMEI tag 0x03,
 * device number 0x04) and a command reply carries the command number (0xE0) and its text (0xE1). Each packet is
 * acknowledged with 0x02 and its checksum, or the device sends it again; one with a bad checksum is not (so it
 * is resent). Photo (0x07) and compressed (0x08) packets are acknowledged and not decoded. The device number is
 * kept in the session for the command packets (galileo.encoder.ts). Iridium SBD messages: galileo-iridium.ts.
 */
export const decodeGalileo: Decoder<Buffer> = (frame, session) => {
  if (frame.length < 5) throw new Error('galileo packet too short');
  if (isIridium(frame)) return decodeIridium(frame, session);
  const header = frame[0] as number;
  const length = frame.readUInt16LE(1) & 0x7fff;
  if (frame.length !== length + 5) throw new Error(`galileo length ${length} does not match ${frame.length - 5}`);
  const sent = frame.readUInt16LE(frame.length - 2);
  if (crc16Modbus(frame, 0, frame.length - 2) !== sent) throw new Error('galileo checksum mismatch');
  const ack = Buffer.from([0x02, sent & 0xff, sent >> 8]);
  if (header !== 0x01) {
    if (header === 0x07 || header === 0x08) return { messages: [], ack };
    throw new Error(`galileo packet type ${header}`);
  }

  const result: DecodeResult = { messages: [], ack };
  readRecords(frame, 3, frame.length - 2, session, result);
  return result;
};
