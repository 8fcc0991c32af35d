import { ByteReader } from '../../codec/byte-reader';
import { isoTime, isoTimeOf } from '../../codec/dates';
import { newPositionAt, type PositionDraft, setAttribute, setLocation } from '../../codec/position-builder';
import { KNOTS_PER_MPS } from '../../codec/units';
import type { DecodeResult, Decoder, SessionView } from '../protocol.types';

/**
 * Digital Matter devices (Oyster, Remora, Dart, Falcon, G52…) on the OEM server protocol, TCP. A frame: 0x02 0x55,
 * message type, payload length (little-endian, as every number here) and payload. The device says hello (serial,
 * IMEI, ICCID, product and firmware) and is answered with the server time; it sends data records (0x04: records of
 * fields: GPS, digital I/O, 16-bit analogues…) or fixed 64-byte records (0x10, older firmware), then a commit
 * request, answered with success once the records are stored. Canned requests for asynchronous messages are
 * answered with none pending. Times count seconds from 2013-01-01 UTC.
 */
const MSG_HELLO = 0x00;
const MSG_HELLO_RESPONSE = 0x01;
const MSG_DATA_RECORDS = 0x04;
const MSG_COMMIT = 0x05;
const MSG_COMMIT_RESPONSE = 0x06;
const MSG_FIXED_RECORDS = 0x10;
const MSG_CANNED_REQUEST_1 = 0x14;
const MSG_CANNED_RESPONSE_1 = 0x15;
const MSG_CANNED_REQUEST_2 = 0x22;
const MSG_CANNED_RESPONSE_2 = 0x23;

const FIELD_GPS = 0x00;
const FIELD_DIGITAL = 0x02;
const FIELD_ANALOG_16 = 0x06;

const EPOCH_2013 = Date.UTC(2013, 0, 1);
const timeOf = (seconds: number) => isoTime(EPOCH_2013 + seconds * 1000);

/** A server message: header, type, length and payload. */
export function dmtMessage(type: number, payload: Buffer): Buffer {
  const header = Buffer.from([0x02, 0x55, type, 0, 0]);
  header.writeUInt16LE(payload.length, 3);
  return Buffer.concat([header, payload]);
}

export const decodeDmt: Decoder<Buffer> = (frame, session) => {
  const reader = new ByteReader(frame);
  if (reader.u16() !== 0x0255) throw new Error('not a Digital Matter frame');
  const type = reader.u8();
  const length = u16le(reader);
  if (reader.remaining < length) throw new Error(`truncated frame: ${length} bytes announced`);
  const payload = new ByteReader(frame, reader.position, reader.position + length);
  switch (type) {
    case MSG_HELLO:
      return decodeHello(payload, session);
    case MSG_COMMIT:
      return { messages: [], ack: dmtMessage(MSG_COMMIT_RESPONSE, Buffer.of(1)) };
    case MSG_CANNED_REQUEST_1:
      return { messages: [], ack: dmtMessage(MSG_CANNED_RESPONSE_1, Buffer.alloc(4)) };
    case MSG_CANNED_REQUEST_2:
      return { messages: [], ack: dmtMessage(MSG_CANNED_RESPONSE_2, Buffer.alloc(4)) };
    case MSG_DATA_RECORDS:
      return { messages: decodeRecords(payload) };
    case MSG_FIXED_RECORDS:
      return { messages: decodeFixedRecords(payload) };
    default:
      return { messages: [] };
  }
};

function u16le(reader: ByteReader): number {
  const value = reader.u16();
  return ((value & 0xff) << 8) | (value >> 8);
}

const u32le = (reader: ByteReader): number => reader.u32le();
const i32le = (reader: ByteReader): number => reader.u32le() | 0;
const i16le = (reader: ByteReader): number => (u16le(reader) << 16) >> 16;

/** Serial, IMEI (16 bytes, NUL padded), ICCID, product, hardware and firmware: answered with the server's time. */
function decodeHello(payload: ByteReader, session: SessionView): DecodeResult {
  payload.skip(4); // serial number
  const raw = payload.bytes(16);
  const end = raw.indexOf(0);
  const uniqueId = raw.toString('latin1', 0, end < 0 ? raw.length : end);
  if (!/^\d{1,16}$/.test(uniqueId)) throw new Error(`bad IMEI: ${uniqueId}`);
  const response = Buffer.alloc(8);
  const seconds = Math.max(0, Math.floor((session.receivedAt.getTime() - EPOCH_2013) / 1000));
  response.writeUInt32LE(seconds >>> 0, 0);
  return { messages: [], uniqueId, ack: dmtMessage(MSG_HELLO_RESPONSE, response) };
}

/**
 * Records: length, sequence number, time, log reason, then fields (id, length — 255 announces a 16-bit length — and
 * data) up to the record's end.
 */
function decodeRecords(payload: ByteReader): PositionDraft[] {
  const positions: PositionDraft[] = [];
  while (payload.remaining >= 2) {
    const length = u16le(payload);
    if (length < 9) throw new Error(`record too short: ${length}`);
    const record = new ByteReader(payload.buffer, payload.position, payload.position + length - 2);
    payload.skip(length - 2);
    const index = u32le(record);
    const position = newPositionAt(timeOf(u32le(record)));
    setAttribute(position, 'index', index);
    setAttribute(position, 'event', record.u8());
    while (record.remaining > 0) {
      const id = record.u8();
      let size = record.u8();
      if (size === 255) size = u16le(record);
      const field = new ByteReader(record.buffer, record.position, record.position + size);
      record.skip(size);
      decodeField(position, id, field);
    }
    positions.push(position);
  }
  return positions;
}

function decodeField(position: PositionDraft, id: number, field: ByteReader): void {
  switch (id) {
    case FIELD_GPS: {
      position.fixTime = timeOf(u32le(field));
      const latitude = i32le(field) * 1e-7;
      const longitude = i32le(field) * 1e-7;
      setLocation(position, latitude, longitude);
      position.altitude = i16le(field);
      position.speed = u16le(field) * 0.01 * KNOTS_PER_MPS;
      field.skip(1); // speed accuracy
      position.course = Math.min(360, field.u8() * 2);
      setAttribute(position, 'pdop', field.u8() / 10);
      position.accuracy = field.u8();
      position.valid = (field.u8() & 0x01) !== 0;
      break;
    }
    case FIELD_DIGITAL: {
      const input = u32le(field);
      setAttribute(position, 'ignition', (input & 0x01) !== 0);
      setAttribute(position, 'input', input);
      setAttribute(position, 'output', u16le(field));
      setAttribute(position, 'status', u16le(field));
      break;
    }
    case FIELD_ANALOG_16:
      while (field.remaining >= 3) {
        const channel = field.u8();
        decodeAnalog(position, channel, u16le(field));
      }
      break;
    default:
      // debug, driver id, 32-bit analogues, trip and other fields are not decoded
      break;
  }
}

/** 16-bit analogue channels: 1 battery (mV), 2 external power (10 mV), 3 temperature (0.01 °C), 4 signal, 5 solar. */
function decodeAnalog(position: PositionDraft, channel: number, value: number): void {
  switch (channel) {
    case 1:
      setAttribute(position, 'battery', value / 1000);
      break;
    case 2:
      setAttribute(position, 'power', value / 100);
      break;
    case 3:
      setAttribute(position, 'deviceTemp', ((value << 16) >> 16) / 100);
      break;
    case 4:
      setAttribute(position, 'rssi', value);
      break;
    case 5:
      setAttribute(position, 'solarPower', value / 1000);
      break;
    default:
      setAttribute(position, `io${channel}`, value);
  }
}

/**
 * Fixed 64-byte records: a spare byte, sequence number, packed date (year, month, day, hour, minute, second in
 * 6/4/5/5/6/6 bits from the low end), longitude, latitude, speed (cm/s), heading (2°), altitude, fix flags,
 * satellites, a spare byte, log reason, a spare byte, inputs, outputs, five 16-bit analogues, temperature,
 * accelerometer, spare bytes, PDOP (0.01).
 */
function decodeFixedRecords(payload: ByteReader): PositionDraft[] {
  const positions: PositionDraft[] = [];
  while (payload.remaining >= 64) {
    const record = new ByteReader(payload.buffer, payload.position, payload.position + 64);
    payload.skip(64);
    record.skip(1);
    const index = u32le(record);
    const packed = u32le(record);
    const time = isoTimeOf(
      packed & 0x3f,
      (packed >>> 6) & 0x0f,
      (packed >>> 10) & 0x1f,
      (packed >>> 15) & 0x1f,
      (packed >>> 20) & 0x3f,
      (packed >>> 26) & 0x3f,
    );
    const position = newPositionAt(time);
    setAttribute(position, 'index', index);
    const longitude = i32le(record) * 1e-7;
    const latitude = i32le(record) * 1e-7;
    setLocation(position, latitude, longitude);
    position.speed = u16le(record) * 0.01 * KNOTS_PER_MPS;
    position.course = Math.min(360, record.u8() * 2);
    position.altitude = i16le(record);
    position.valid = (record.u8() & 0x01) !== 0;
    record.skip(2); // satellites, spare
    setAttribute(position, 'event', record.u8());
    record.skip(1);
    setAttribute(position, 'input', u32le(record));
    setAttribute(position, 'output', u16le(record));
    for (let i = 1; i <= 5; i++) setAttribute(position, `adc${i}`, u16le(record));
    setAttribute(position, 'deviceTemp', record.i8());
    record.skip(14); // accelerometer X, Y, Z and spare bytes
    setAttribute(position, 'pdop', u16le(record) / 100);
    positions.push(position);
  }
  return positions;
}
