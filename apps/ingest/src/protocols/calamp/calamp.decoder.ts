import { ByteReader } from '../../codec/byte-reader';
import { newPosition, type PositionDraft, setAttribute, setLocation, setTime } from '../../codec/position-builder';
import { KNOTS_PER_KPH, KNOTS_PER_MPS } from '../../codec/units';
import type { DecodeResult, Decoder } from '../protocol.types';

/**
 * CalAmp LM Direct (UDP). A datagram: an optional options header (first byte with bit 7 set: a bit per field that
 * follows, each as a length byte and its bytes: mobile id in packed BCD padded with F, mobile id type,
 * authentication, routing, forwarding, response redirection, extension), then the message header (service type,
 * message type, 16-bit sequence number) and the message. Service type 1 asks for an acknowledgement: an Ack/Nak
 * message (service type 2, type 1) with the same sequence number, naming the acknowledged type, or the LMU sends the
 * message again.
 */
export const SERVICE_ACK_REQUEST = 1;
export const SERVICE_RESPONSE = 2;

export const MSG_ACK = 1;
const MSG_EVENT_REPORT = 2;
const MSG_ID_REPORT = 3;
export const MSG_USER_DATA = 4;
const MSG_LOCATE_REPORT = 8;
const MSG_MINI_EVENT_REPORT = 10;

const OPTION_MOBILE_ID = 0x01;
const OPTION_MOBILE_ID_TYPE = 0x02;
const OPTIONS_PRESENT = 0x80;

export interface CalampHeader {
  /** Mobile id and mobile id type fields as sent, for echoing back (empty when absent). */
  identity: Buffer;
  uniqueId: string | undefined;
  service: number;
  type: number;
  sequence: number;
}

/** Reads the options and message headers. */
export function readHeader(reader: ByteReader): CalampHeader {
  let uniqueId: string | undefined;
  const start = reader.position;
  let identityEnd = start;
  if ((reader.peekU8() & OPTIONS_PRESENT) !== 0) {
    const options = reader.u8();
    // bits 0..6: mobile id, id type, authentication, routing, forwarding, response redirection, extension
    for (let bit = 0; bit < 7; bit++) {
      if ((options & (1 << bit)) === 0) continue;
      const field = reader.bytes(reader.u8());
      if (bit === 0) uniqueId = field.toString('hex').replace(/f+$/i, '');
      if (bit <= 1) identityEnd = reader.position;
    }
  }
  const identity = identityEnd > start ? identityOf(reader.buffer.subarray(start, identityEnd)) : Buffer.alloc(0);
  return { identity, uniqueId: uniqueId || undefined, service: reader.u8(), type: reader.u8(), sequence: reader.u16() };
}

/** The options header reduced to its mobile id and mobile id type fields. */
function identityOf(header: Buffer): Buffer {
  const options = header[0] as number;
  const kept = options & (OPTION_MOBILE_ID | OPTION_MOBILE_ID_TYPE);
  const parts: Buffer[] = [Buffer.of(OPTIONS_PRESENT | kept)];
  let at = 1;
  for (let bit = 0; bit < 2 && at < header.length; bit++) {
    if ((options & (1 << bit)) === 0) continue;
    const length = header[at] as number;
    parts.push(header.subarray(at, at + 1 + length));
    at += 1 + length;
  }
  return Buffer.concat(parts);
}

/** An LM Direct message: `identity` (options header or nothing), service, type, sequence, body. */
export function calampMessage(identity: Buffer, service: number, type: number, sequence: number, body: Buffer): Buffer {
  const header = Buffer.alloc(4);
  header.writeUInt8(service, 0);
  header.writeUInt8(type, 1);
  header.writeUInt16BE(sequence & 0xffff, 2);
  return Buffer.concat([identity, header, body]);
}

/** Ack/Nak: the acknowledged message type, 0 (ACK), a spare byte and a 3-byte application version (0). */
function ackFor(header: CalampHeader): Buffer {
  return calampMessage(
    header.identity,
    SERVICE_RESPONSE,
    MSG_ACK,
    header.sequence,
    Buffer.of(header.type, 0, 0, 0, 0, 0),
  );
}

export const decodeCalamp: Decoder<Buffer> = (frame) => {
  const reader = new ByteReader(frame);
  const header = readHeader(reader);
  const messages: PositionDraft[] = [];
  switch (header.type) {
    case MSG_EVENT_REPORT:
    case MSG_LOCATE_REPORT:
      messages.push(decodeEventReport(reader));
      break;
    case MSG_MINI_EVENT_REPORT:
      messages.push(decodeMiniEventReport(reader));
      break;
    case MSG_USER_DATA:
      messages.push(decodeUserData(reader));
      break;
    case MSG_ACK:
    case MSG_ID_REPORT:
      break;
    default:
      // application data, configuration replies and other types carry no position
      break;
  }
  const result: DecodeResult = { messages };
  if (header.uniqueId) result.uniqueId = header.uniqueId;
  if (header.service === SERVICE_ACK_REQUEST) result.ack = ackFor(header);
  return result;
};

/** Update time, time of fix, location, speed, heading, satellites, fix status, radio and unit state. */
function decodeFixAndStatus(reader: ByteReader): PositionDraft {
  const position = newPosition();
  setTime(position, reader.u32() * 1000);
  reader.skip(4); // time of fix: the update time stamps the report
  const latitude = reader.i32() * 1e-7;
  const longitude = reader.i32() * 1e-7;
  setLocation(position, latitude, longitude);
  position.altitude = reader.i32() * 0.01;
  position.speed = reader.u32() * 0.01 * KNOTS_PER_MPS;
  position.course = courseOf(reader.u16());
  setAttribute(position, 'sat', reader.u8());
  position.valid = (reader.u8() & 0x08) === 0; // fix status bit 3: invalid fix
  setAttribute(position, 'carrier', reader.u16());
  setAttribute(position, 'rssi', reader.i16());
  setAttribute(position, 'modem', reader.u8());
  setAttribute(position, 'hdop', reader.u8());
  decodeInputs(position, reader.u8());
  setAttribute(position, 'status', reader.u8());
  return position;
}

/** A heading beyond 360° is no heading. */
const courseOf = (value: number): number => (value <= 360 ? value : 0);

function decodeInputs(position: PositionDraft, inputs: number): void {
  setAttribute(position, 'input', inputs);
  setAttribute(position, 'ignition', (inputs & 0x01) !== 0);
}

function decodeEventReport(reader: ByteReader): PositionDraft {
  const position = decodeFixAndStatus(reader);
  reader.skip(1); // event index
  setAttribute(position, 'event', reader.u8());
  decodeAccumulators(position, reader, true);
  return position;
}

function decodeMiniEventReport(reader: ByteReader): PositionDraft {
  const position = newPosition();
  setTime(position, reader.u32() * 1000);
  const latitude = reader.i32() * 1e-7;
  const longitude = reader.i32() * 1e-7;
  setLocation(position, latitude, longitude);
  position.course = courseOf(reader.u16());
  position.speed = reader.u8() * KNOTS_PER_KPH;
  const fix = reader.u8(); // fix status in the high nibble, satellites in the low one
  position.valid = (fix & 0x80) === 0;
  setAttribute(position, 'sat', fix & 0x0f);
  setAttribute(position, 'modem', reader.u8());
  decodeInputs(position, reader.u8());
  setAttribute(position, 'event', reader.u8());
  decodeAccumulators(position, reader, false);
  return position;
}

/**
 * Accumulator count (low 6 bits; high 2 bits the list format: 1 adds a threshold and a mask), on full reports a
 * spare "append" byte, then 32-bit accumulators as `acc0`… — as many as the datagram holds.
 */
function decodeAccumulators(position: PositionDraft, reader: ByteReader, full: boolean): void {
  const countByte = reader.u8();
  const count = countByte & 0x3f;
  if (full) setAttribute(position, 'append', reader.u8());
  if (countByte >> 6 === 1) reader.skip(8); // threshold and mask
  for (let i = 0; i < count && reader.remaining >= 4; i++) setAttribute(position, `acc${i}`, reader.u32());
}

/** User data: a full fix and status, then route, id, length and the user message (its text as `result`). */
function decodeUserData(reader: ByteReader): PositionDraft {
  const position = decodeFixAndStatus(reader);
  reader.skip(2); // route, message id
  const length = reader.u16();
  setAttribute(position, 'result', reader.bytes(length).toString('latin1').trim());
  return position;
}
