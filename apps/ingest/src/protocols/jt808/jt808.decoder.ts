import type { PositionDraft } from '../../codec/position-builder';
import type { DecodeResult, Decoder, SessionView } from '../protocol.types';
import { Jt808Reader, type Jt808Terminal, jt808DeviceId, jt808Message } from './jt808-frame';
import { decodeJointech } from './jt808-jointech.decoder';
import { decodeJt808Location } from './jt808-location.decoder';
import { decodeAttributesReply, decodeJt808Other, decodeJt808Text } from './jt808-other.decoder';

export const MSG = {
  terminalResponse: 0x0001,
  heartbeat: 0x0002,
  logout: 0x0003,
  register: 0x0100,
  auth: 0x0102,
  attributesReply: 0x0107,
  timeSync: 0x0109,
  location: 0x0200,
  locationQuery: 0x0201,
  control: 0x0500,
  batch: 0x0704,
  media: 0x0801,
  generalResponse: 0x8001,
  registerResponse: 0x8100,
  timeSyncResponse: 0x8109,
  mediaResponse: 0x8800,
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
  /** Sub-package count and number (1-based) when the message is one part of a longer one. */
  part: { total: number; index: number } | null;
}

/** Parts of a sub-packaged message received so far (session state `parts`). */
interface PendingParts {
  msgId: number;
  total: number;
  /** Bodies of parts 1..n, hex. */
  bodies: string[];
}

/** Largest reassembled body kept (a sub-packaged message of 64 parts of 1023 bytes). */
const MAX_PARTS = 64;

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
  const state: Record<string, unknown> = {
    ...session.state,
    phone: header.terminal.phone.toString('hex'),
    version: header.terminal.version,
  };
  const changed = session.state.phone !== state.phone || session.state.version !== state.version;
  const result: DecodeResult = { messages: [], uniqueId: header.uniqueId };

  if (header.msgId === MSG.media && header.part && header.part.total > 1) {
    // A photo or recording of many parts: its head and location are in the first part, the rest is the file
    // (not kept); each part gets the general response, the last one the upload's own answer too.
    result.state = state;
    result.ack = generalResponse(header);
    if (header.part.index === 1) {
      const media = decodeMedia(new Jt808Reader(frame, header.bodyStart, header.bodyEnd));
      if (media.position) result.messages.push(media.position);
      state.mediaId = media.id;
    }
    if (header.part.index === header.part.total && typeof state.mediaId === 'number') {
      result.ack = Buffer.concat([result.ack, mediaResponse(header, state.mediaId)]);
      delete state.mediaId;
    }
    return result;
  }
  if (header.part && header.part.total > 1) {
    // Sub-packaged: each part is acknowledged; the body is decoded once the last part is in.
    const body = frame.subarray(header.bodyStart, header.bodyEnd);
    const whole = collectPart(session.state.parts as PendingParts | undefined, header, body, state);
    result.state = state;
    result.ack = generalResponse(header);
    if (whole) {
      const buffered = new Jt808Reader(whole, 0, whole.length);
      decodeBody(header, buffered, whole.length, session, result);
    }
    return result;
  }
  if (changed) result.state = state;
  reader.pos = header.bodyStart;
  decodeBody(header, reader, header.bodyEnd, session, result);
  return result;
};

/**
 * Stores one part in `state.parts`; returns the whole body when `header` carries the last part, else null. A part
 * out of order (or of another message) starts over: the terminal resends what the platform did not acknowledge
 * as a whole (0x8003), which this decoder leaves to the terminal's own retries.
 */
function collectPart(
  pending: PendingParts | undefined,
  header: Jt808Header,
  body: Buffer,
  state: Record<string, unknown>,
): Buffer | null {
  const part = header.part as { total: number; index: number };
  let parts: PendingParts | undefined = pending;
  if (part.index === 1 || !parts || parts.msgId !== header.msgId || parts.total !== part.total) {
    parts = { msgId: header.msgId, total: part.total, bodies: [] };
  }
  if (part.total > MAX_PARTS || parts.bodies.length !== part.index - 1) {
    delete state.parts;
    return null;
  }
  const bodies = [...parts.bodies, body.toString('hex')];
  if (part.index < part.total) {
    state.parts = { ...parts, bodies };
    return null;
  }
  delete state.parts;
  return Buffer.from(bodies.join(''), 'hex');
}

/**
 * Decodes one message body into `result`. `reader` stands at the body; `bodyEnd` is where it ends (the reader's
 * own limit may lie further: for a 0x0200 it still covers the checksum, which Traccar's buffer holds too).
 */
function decodeBody(
  header: Jt808Header,
  reader: Jt808Reader,
  bodyEnd: number,
  session: SessionView,
  result: DecodeResult,
): void {
  const body = () => new Jt808Reader(reader.buf, reader.pos, bodyEnd);
  const general = () => generalResponse(header);
  switch (header.msgId) {
    case MSG.terminalResponse:
      break;
    case MSG.register: {
      const head = Buffer.alloc(3);
      head.writeUInt16BE(header.serial, 0);
      head.writeUInt8(0, 2);
      const code = Buffer.from(header.uniqueId, 'latin1');
      result.ack = jt808Message(MSG.registerResponse, header.terminal, 0, Buffer.concat([head, code]));
      break;
    }
    case MSG.timeSync: {
      const now = session.receivedAt;
      const time = Buffer.alloc(7);
      time.writeUInt16BE(now.getUTCFullYear(), 0);
      const parts = [
        now.getUTCMonth() + 1,
        now.getUTCDate(),
        now.getUTCHours(),
        now.getUTCMinutes(),
        now.getUTCSeconds(),
      ];
      parts.forEach((value, i) => {
        time.writeUInt8(value, 2 + i);
      });
      result.ack = jt808Message(MSG.timeSyncResponse, header.terminal, 0, time);
      break;
    }
    case MSG.heartbeat:
    case MSG.logout:
    case MSG.auth:
      result.ack = general();
      break;
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
      result.messages.push(...decodeBatch(body()));
      result.ack = general();
      break;
    case MSG.media: {
      const media = decodeMedia(body());
      if (media.position) result.messages.push(media.position);
      result.ack = mediaResponse(header, media.id);
      break;
    }
    case MSG.attributesReply:
      result.messages.push(decodeAttributesReply(body(), header.terminal.version !== null));
      break;
    default:
      result.messages.push(...decodeJt808Other(header.msgId, body()));
      result.ack = general();
      break;
  }
}

function readHeader(reader: Jt808Reader, msgId: number, frame: Buffer): Jt808Header {
  const attributes = reader.u16();
  const version = attributes & 0x4000 ? reader.u8() : null;
  const phone = Buffer.from(reader.bytes(version === null ? 6 : 10));
  const serial = reader.u16();
  const part = attributes & 0x2000 ? { total: reader.u16(), index: reader.u16() } : null;
  const bodyEnd = frame[frame.length - 1] === 0x7e ? frame.length - 2 : frame.length - 1;
  if (bodyEnd < reader.pos) throw new Error('jt808: message too short');
  return {
    msgId,
    serial,
    terminal: { phone, version },
    uniqueId: jt808DeviceId(phone),
    bodyStart: reader.pos,
    bodyEnd,
    part,
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

/** JPEG's start-of-image marker: a 2011 terminal's upload has no location block before its file. */
const JPEG_START = 0xffd8;

/**
 * 0x0801 multimedia upload (JT/T 808-2013 §8.57): id (u32), type (0 image, 1 audio, 2 video), format, event, channel,
 * then the 28-byte location block of the moment it was taken (2013 on; a 2011 terminal sends the file at once),
 * then the file, which is not kept. The position is the location block's, without additional items.
 */
function decodeMedia(reader: Jt808Reader): { id: number; position: PositionDraft | null } {
  const id = reader.u32();
  reader.skip(4); // type, format, event, channel
  if (reader.remaining < 28 || reader.buf.readUInt16BE(reader.pos) === JPEG_START) return { id, position: null };
  return { id, position: decodeJt808Location(new Jt808Reader(reader.buf, reader.pos, reader.pos + 28)) };
}

/** 0x8800: the upload's id and no part to send again. */
function mediaResponse(header: Jt808Header, id: number): Buffer {
  const body = Buffer.alloc(5);
  body.writeUInt32BE(id >>> 0, 0);
  body.writeUInt8(0, 4);
  return jt808Message(MSG.mediaResponse, header.terminal, 0, body);
}
