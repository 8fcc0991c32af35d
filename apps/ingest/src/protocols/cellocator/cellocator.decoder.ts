import { ByteReader } from '../../codec/byte-reader';
import { isoTimeOf } from '../../codec/dates';
import { newPositionAt, type PositionDraft, setAttribute, setLocation } from '../../codec/position-builder';
import { KNOTS_PER_MPS } from '../../codec/units';
import type { DecodeResult, Decoder } from '../protocol.types';
import { cellocatorChecksum, cellocatorFrameLength } from './cellocator.framer';

/**
 * Cellocator units (Pointer), TCP and UDP. Unit messages open with `MCGP`, the message type and the unit id
 * (32-bit little-endian, as every number here), and end with the sum of the bytes after `MCGP`. Type 0 is the
 * status/location message (70 bytes); type 11 is the extended modular message (modules: I/O and CAN values, GPS,
 * time). Each is acknowledged with a type 4 message quoting its numerator, or the unit sends it again.
 */
const MSG_STATUS = 0;
const MSG_MODULAR_EXTENDED = 11;
const MSG_ACK = 4;

const MODULE_IO = 2;
const MODULE_GPS = 6;
const MODULE_TIME = 7;

const RADIANS = 180 / Math.PI;

/** Transmission reasons with an alarm meaning. */
const ALARMS: Readonly<Record<number, string>> = { 70: 'sos' };

/** A server message: `MCGP`, type, unit id, `body`, and the error detection code. */
export function cellocatorMessage(type: number, unitId: number, body: Buffer): Buffer {
  const message = Buffer.alloc(10 + body.length);
  message.write('MCGP', 0, 'latin1');
  message.writeUInt8(type, 4);
  message.writeUInt32LE(unitId >>> 0, 5);
  body.copy(message, 9);
  message.writeUInt8(cellocatorChecksum(message, 4, message.length - 1), message.length - 1);
  return message;
}

/** Acknowledge: command numerator 0, authentication 0, action 0, the acknowledged numerator, then spare bytes. */
function ackFor(unitId: number, numerator: number): Buffer {
  const body = Buffer.alloc(15);
  body.writeUInt8(numerator, 6);
  return cellocatorMessage(MSG_ACK, unitId, body);
}

export const decodeCellocator: Decoder<Buffer> = (frame) => {
  if (frame.length < 12 || frame.toString('latin1', 0, 4) !== 'MCGP') throw new Error('not a Cellocator message');
  const total = cellocatorFrameLength(frame, 0);
  if (total <= 0) throw new Error(`unknown message type ${frame[4]}`);
  if (frame.length < total) throw new Error(`truncated frame: ${total} bytes expected, ${frame.length} received`);
  if (cellocatorChecksum(frame, 4, total - 1) !== frame[total - 1]) throw new Error('checksum mismatch');
  const reader = new ByteReader(frame, 4, total - 1);
  const type = reader.u8();
  const unitId = reader.u32le();
  const uniqueId = String(unitId);
  reader.skip(2); // communication control
  const numerator = reader.u8();
  const result = (messages: PositionDraft[], ack?: Buffer): DecodeResult =>
    ack ? { messages, uniqueId, ack } : { messages, uniqueId };
  switch (type) {
    case MSG_STATUS:
      return result([decodeStatus(reader)], ackFor(unitId, numerator));
    case MSG_MODULAR_EXTENDED: {
      const position = decodeModular(reader);
      return result(position ? [position] : [], ackFor(unitId, numerator));
    }
    default:
      return result([]);
  }
};

/** Degrees from a 32-bit angle in 10⁻⁸ radians. */
const degrees = (reader: ByteReader) => (reader.u32le() | 0) * 1e-8 * RADIANS;

/** The GPS block: location status, modes, satellites, longitude, latitude, altitude (cm), speed (cm/s), course. */
function readFix(position: PositionDraft, reader: ByteReader, wide: boolean): void {
  const locationStatus = reader.u8();
  reader.skip(2); // mode 1, mode 2
  const satellites = reader.u8();
  const longitude = degrees(reader);
  const latitude = degrees(reader);
  setLocation(position, latitude, longitude);
  position.valid = (locationStatus & 0x02) === 0;
  position.altitude = (reader.u32le() | 0) * 0.01;
  position.speed = (wide ? reader.u32le() : u16le(reader)) * 0.01 * KNOTS_PER_MPS;
  const course = wide ? u16le(reader) * 0.001 * RADIANS : reader.u8() * 0.001 * RADIANS;
  position.course = course >= 0 && course <= 360 ? course : 0;
  if (wide) setAttribute(position, 'sat', satellites);
}

function u16le(reader: ByteReader): number {
  const value = reader.u16();
  return ((value & 0xff) << 8) | (value >> 8);
}

/** Seconds, minutes, hours, day, month, year (16-bit, or 8-bit from 2000). */
function readTime(reader: ByteReader, wideYear: boolean): string {
  const [second, minute, hour, day, month] = [reader.u8(), reader.u8(), reader.u8(), reader.u8(), reader.u8()];
  const year = wideYear ? u16le(reader) : 2000 + reader.u8();
  return isoTimeOf(year, month, day, hour, minute, second);
}

/**
 * Type 0: versions, unit status, operator, transmission reason and mode, I/O (inputs in the first bytes, big-endian
 * as a whole), operator, four analogue inputs, odometer (24 bits), driver id (6 bytes), then the GPS block and time.
 */
function decodeStatus(reader: ByteReader): PositionDraft {
  const versionHw = reader.u8();
  const versionFw = reader.u8();
  reader.skip(1); // protocol version
  const status = reader.u8() & 0x0f;
  reader.skip(2); // operator, reason-specific data
  const event = reader.u8();
  const mode = reader.u8();
  const input = reader.u32();
  reader.skip(1); // operator
  const adc = [reader.u8(), reader.u8(), reader.u8(), reader.u8()];
  const odometer = reader.u8() | (reader.u8() << 8) | (reader.u8() << 16);
  const driver = reader.hex(6);
  reader.skip(2); // last GPS fix age
  const position = newPositionAt();
  readFix(position, reader, true);
  const time = readTime(reader, true);
  position.deviceTime = time;
  position.fixTime = time;
  setAttribute(position, 'versionHw', versionHw);
  setAttribute(position, 'versionFw', versionFw);
  setAttribute(position, 'status', status);
  const alarm = ALARMS[event];
  if (alarm) setAttribute(position, 'alarm', alarm);
  setAttribute(position, 'event', event);
  setAttribute(position, 'mode', mode);
  setAttribute(position, 'ignition', (input & 0x20000000) !== 0);
  setAttribute(position, 'door', (input & 0x01000000) !== 0);
  setAttribute(position, 'charge', (input & 0x00080000) !== 0);
  setAttribute(position, 'input', input);
  for (const [i, value] of adc.entries()) setAttribute(position, `adc${i + 1}`, value);
  setAttribute(position, 'odometer', odometer);
  setAttribute(position, 'driverUniqueId', driver);
  return position;
}

/** Type 11: packet control, total length, spare, then modules (type, 16-bit length, data). */
function decodeModular(reader: ByteReader): PositionDraft | null {
  reader.skip(7); // packet control, total length, spare
  const position = newPositionAt();
  let located = false;
  while (reader.remaining >= 3) {
    const type = reader.u8();
    const length = u16le(reader);
    const module = new ByteReader(reader.buffer, reader.position, reader.position + length);
    reader.skip(length);
    if (type === MODULE_IO && length >= 7) {
      module.skip(7);
      while (module.remaining >= 3) {
        const id = u16le(module);
        const size = module.u8();
        const bytes = module.bytes(size);
        if (size >= 1 && size <= 4) setAttribute(position, `io${id}`, bytes.readUIntLE(0, size));
      }
    } else if (type === MODULE_GPS) {
      readFix(position, module, false);
      located = true;
    } else if (type === MODULE_TIME) {
      module.skip(1);
      const time = readTime(module, false);
      position.deviceTime = time;
      position.fixTime = time;
    }
  }
  return located || position.deviceTime ? position : null;
}
