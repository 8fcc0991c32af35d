import type { PositionDraft } from '../../codec/position-builder';
import type { DecodeResult, Decoder } from '../protocol.types';
import { Jt808Reader, type Jt808Terminal, jt808DeviceId, jt808Message } from './jt808-frame';
import { decodeJointech } from './jt808-jointech.decoder';
import { decodeJt808Location } from './jt808-location.decoder';
import { decodeJt808Other, decodeJt808Text } from './jt808-other.decoder';

export const MSG = {
  terminalResponse: 0x0001,
  heartbeat: 0x0002,
  logout: 0x0003,
  register: 0x0100,
  auth: 0x0102,
  timeSync: 0x0109,
  location: 0x0200,
  locationQuery: 0x0201,
  control: 0x0500,
  batch: 0x0704,
  generalResponse: 0x8001,
  registerResponse: 0x8100,
  timeSyncResponse: 0x8109,
} as const;

/** The parsed header of a 7E-framed message: who sent it, which message, where its body lies. */
export interface Jt808Header {
  msgId: number;
  serial: number;
  terminal: Jt808Terminal;
  uniqueId: string;
  bodyStart: number;
  /** End of the body (the checksum's offset). */
  bodyEnd: number;
}

/**
 * JT/T 808 (Traccar's jt808, formerly huabao). Frames arrive unescaped from the framer, 7E to 7E. The terminal is
 * its phone number (BCD, leading zeros dropped; a number with hex digits is an IMEI prefix, completed with its
 * Luhn digit). Registration is answered with 0x8100 and an authentication code, everything else the terminal
 * expects an answer to with the general response 0x8001.
 */
export const decodeJt808: Decoder<Buffer> = (frame, session) => {
  if (frame[0] === 0x28) return decodeJt808Text(frame, session);
  if (frame[0] !== 0x7e || frame.length < 3) throw new Error('jt808: not a 7E frame');
  const reader = new Jt808Reader(frame, 1);
  const msgId = reader.u16();
  if (msgId === 0x5501 || msgId === 0x5502) return decodeJointech(frame, msgId);

  const header = readHeader(reader, msgId, frame);
  const result: DecodeResult = { messages: [], uniqueId: header.uniqueId };
  const state = { phone: header.terminal.phone.toString('hex'), version: header.terminal.version };
  if (session.state.phone !== state.phone || session.state.version !== state.version) result.state = state;
  const general = () => generalResponse(header);
  reader.pos = header.bodyStart;

  switch (msgId) {
    case MSG.terminalResponse:
      break;
    case MSG.register: {
      const body = Buffer.alloc(3);
      body.writeUInt16BE(header.serial, 0);
      body.writeUInt8(0, 2);
      const code = Buffer.from(header.uniqueId, 'latin1');
      result.ack = jt808Message(MSG.registerResponse, header.terminal, 0, Buffer.concat([body, code]));
      break;
    }
    case MSG.timeSync: {
      const now = session.receivedAt;
      const body = Buffer.alloc(7);
      body.writeUInt16BE(now.getUTCFullYear(), 0);
      const parts = [
        now.getUTCMonth() + 1,
        now.getUTCDate(),
        now.getUTCHours(),
        now.getUTCMinutes(),
        now.getUTCSeconds(),
      ];
      parts.forEach((value, i) => {
        body.writeUInt8(value, 2 + i);
      });
      result.ack = jt808Message(MSG.timeSyncResponse, header.terminal, 0, body);
      break;
    }
    case MSG.location:
      result.messages.push(decodeJt808Location(reader));
      result.ack = general();
      break;
    case MSG.locationQuery:
    case MSG.control:
      reader.skip(2); // serial of the platform's request
      result.messages.push(decodeJt808Location(reader));
      result.ack = general();
      break;
    case MSG.batch:
      result.messages.push(...decodeBatch(new Jt808Reader(frame, header.bodyStart, header.bodyEnd)));
      result.ack = general();
      break;
    default:
      result.messages.push(...decodeJt808Other(msgId, new Jt808Reader(frame, header.bodyStart, header.bodyEnd)));
      result.ack = general();
      break;
  }
  return result;
};

function readHeader(reader: Jt808Reader, msgId: number, frame: Buffer): Jt808Header {
  const attributes = reader.u16();
  const version = attributes & 0x4000 ? reader.u8() : null;
  const phone = Buffer.from(reader.bytes(version === null ? 6 : 10));
  const serial = reader.u16();
  if (attributes & 0x2000) reader.skip(4); // sub-package count and number
  const bodyEnd = frame[frame.length - 1] === 0x7e ? frame.length - 2 : frame.length - 1;
  if (bodyEnd < reader.pos) throw new Error('jt808: message too short');
  return {
    msgId,
    serial,
    terminal: { phone, version },
    uniqueId: jt808DeviceId(phone),
    bodyStart: reader.pos,
    bodyEnd,
  };
}

function generalResponse(header: Jt808Header): Buffer {
  const body = Buffer.alloc(5);
  body.writeUInt16BE(header.serial, 0);
  body.writeUInt16BE(header.msgId, 2);
  body.writeUInt8(0, 4); // success
  return jt808Message(MSG.generalResponse, header.terminal, 0, body);
}

/** 0x0704: count, type (1 = stored while offline), then length-prefixed location blocks. */
function decodeBatch(reader: Jt808Reader): PositionDraft[] {
  const count = reader.u16();
  const archived = reader.u8() === 1;
  const positions: PositionDraft[] = [];
  for (let i = 0; i < count && reader.remaining >= 2; i++) {
    const length = reader.u16();
    const item = new Jt808Reader(reader.buf, reader.pos, reader.pos + length);
    if (item.limit > reader.limit) throw new Error('jt808: batch item past the message');
    const position = decodeJt808Location(item);
    if (archived) position.attributes.archive = true;
    positions.push(position);
    reader.pos = item.limit;
  }
  return positions;
}
