import { bcdByte } from '../../codec/bcd';
import type { ByteReader } from '../../codec/byte-reader';
import { crc16X25Range } from '../../codec/crc16';
import { isoTimeOf, utcDate } from '../../codec/dates';
import { addCellTower, cellTower } from '../../codec/network';
import { addAlarm, type PositionDraft } from '../../codec/position-builder';
import { knotsFromKph } from '../../codec/units';

import type { Gt06Message, ModelTraits, Variant } from './gt06-types';
import { MSG } from './gt06-types';

/** A reply frame: start bytes, length, type, content, serial, CRC-16/X-25 over length..serial, CR LF. */
export function gt06Frame(extended: boolean, type: number, serial: number, content?: Buffer): Buffer {
  const bodyLength = content ? content.length : 0;
  const length = 5 + bodyLength;
  const frame = Buffer.allocUnsafe((extended ? 5 : 4) + bodyLength + 6);
  let at: number;
  if (extended) {
    frame[0] = 0x79;
    frame[1] = 0x79;
    frame[2] = length >> 8;
    frame[3] = length;
    frame[4] = type;
    at = 5;
  } else {
    frame[0] = 0x78;
    frame[1] = 0x78;
    frame[2] = length;
    frame[3] = type;
    at = 4;
  }
  if (content) at += content.copy(frame, at);
  frame[at++] = serial >> 8;
  frame[at++] = serial;
  const crc = crc16X25Range(frame, 2, at);
  frame[at++] = crc >> 8;
  frame[at++] = crc;
  frame[at++] = 0x0d;
  frame[at] = 0x0a;
  return frame;
}

/** The usual acknowledgement: the same type and serial, no content (gt06Frame(false, type, serial), unrolled). */
export function ackOf(message: Gt06Message): Buffer {
  const { type, serial } = message;
  const ack = Buffer.allocUnsafe(10);
  ack[0] = 0x78;
  ack[1] = 0x78;
  ack[2] = 5;
  ack[3] = type;
  ack[4] = serial >> 8;
  ack[5] = serial;
  const crc = crc16X25Range(ack, 2, 6);
  ack[6] = crc >> 8;
  ack[7] = crc;
  ack[8] = 0x0d;
  ack[9] = 0x0a;
  return ack;
}

/** Six bytes: year (since 2000), month, day, hour, minute, second. */
export function readDate(reader: ByteReader): Date {
  const y = reader.u8();
  const mo = reader.u8();
  const d = reader.u8();
  const h = reader.u8();
  const mi = reader.u8();
  return utcDate(y, mo, d, h, mi, reader.u8());
}

/** readDate as isoTime formats it, without a Date on the way for a real calendar date. */
export function readIsoDate(reader: ByteReader): string {
  const y = reader.u8();
  const mo = reader.u8();
  const d = reader.u8();
  const h = reader.u8();
  const mi = reader.u8();
  return isoTimeOf(y, mo, d, h, mi, reader.u8());
}

/** Six BCD bytes yymmddhhmmss (each nibble a digit, as the devices write it). */
export function readBcdDate(reader: ByteReader): Date {
  const y = bcdByte(reader.u8());
  const mo = bcdByte(reader.u8());
  const d = bcdByte(reader.u8());
  const h = bcdByte(reader.u8());
  const mi = bcdByte(reader.u8());
  return utcDate(y, mo, d, h, mi, bcdByte(reader.u8()));
}

/** True when six bytes at the cursor look like a calendar date (used to tell layouts apart). */
export function looksLikeDate(reader: ByteReader, ahead = 0): boolean {
  if (reader.remaining < ahead + 6) return false;
  const mo = reader.peekU8(ahead + 1);
  const d = reader.peekU8(ahead + 2);
  const h = reader.peekU8(ahead + 3);
  const mi = reader.peekU8(ahead + 4);
  const s = reader.peekU8(ahead + 5);
  return mo >= 1 && mo <= 12 && d >= 1 && d <= 31 && h < 24 && mi < 60 && s < 60;
}

/** Latitude/longitude in units of 1/30000 minute. */
const coordinate = (raw: number) => raw / 60 / 30000;

export interface GpsOptions {
  /** A length byte precedes the fix; 0 means no fix (returns false). */
  hasLength?: boolean;
  hasSatellites?: boolean;
  hasSpeed?: boolean;
  /** Speed in two bytes (JC400). */
  longSpeed?: boolean;
  /** Course/status word before the speed (JC400). */
  swapFlags?: boolean;
}

const NO_OPTIONS: GpsOptions = {};

/**
 * The GPS block: date, [length], satellites (low nibble), latitude, longitude, speed (km/h), course/status word
 * (course in bits 0-9, north in bit 10, west in bit 11, fixed in bit 12, ignition in bit 15 when bit 14 says so).
 */
export function decodeGps(position: PositionDraft, reader: ByteReader, options: GpsOptions = NO_OPTIONS): boolean {
  const { hasLength = false, hasSatellites = true, hasSpeed = true, longSpeed = false, swapFlags = false } = options;
  const time = readIsoDate(reader);
  position.deviceTime = time;
  position.fixTime = time;
  if (hasLength && reader.u8() === 0) return false;
  if (hasSatellites) position.attributes.sat = reader.u8() & 0x0f;
  let latitude = coordinate(reader.u32());
  let longitude = coordinate(reader.u32());
  let flags = swapFlags ? reader.u16() : 0;
  if (hasSpeed) position.speed = knotsFromKph(longSpeed ? reader.u16() : reader.u8());
  if (!swapFlags) flags = reader.u16();
  position.course = flags & 0x3ff;
  position.valid = (flags & 0x1000) !== 0;
  if ((flags & 0x400) === 0) latitude = -latitude;
  if ((flags & 0x800) !== 0) longitude = -longitude;
  position.latitude = latitude;
  position.longitude = longitude;
  if ((flags & 0x4000) !== 0) position.attributes.ignition = (flags & 0x8000) !== 0;
  return true;
}

/** The serving cell block: [length], MCC (bit 15: two-byte MNC), MNC, LAC, cell id, in the widths of each type. */
export function decodeLbs(
  position: PositionDraft,
  reader: ByteReader,
  message: Pick<Gt06Message, 'type' | 'variant'>,
  hasLength: boolean,
): boolean {
  const { type, variant } = message;
  let length = 0;
  if (hasLength) {
    length = reader.u8();
    if (length === 0) {
      // An empty cell block may still be followed by its zeroed 45-byte slot.
      let zeroed = true;
      for (let i = 9; i < 45 && i < reader.remaining; i++) {
        if (reader.peekU8(i) !== 0) {
          zeroed = false;
          break;
        }
      }
      if (zeroed) reader.skip(Math.min(reader.remaining, 45));
      return false;
    }
  }
  const cellType = type === MSG.GPS_LBS_8 || type === MSG.ALARM_MODULE ? reader.u8() : 0;
  const mcc = reader.u16();
  const wideMnc = (mcc & 0x8000) !== 0 || type === MSG.GPS_LBS_6 || variant === 'sl4x';
  const mnc = wideMnc ? reader.u16() : reader.u8();
  const longCell = cellType >= 3 || type === MSG.LBS_ALARM || type === MSG.GPS_LBS_7 || type === MSG.WIFI_3;
  const lac = longCell ? reader.i32() : reader.u16();
  let cid: number;
  if (longCell || variant === 'sl4x') cid = reader.i64();
  else if (type === MSG.GPS_LBS_6 || type === MSG.IBUTTON || type === MSG.GPS_LBS_DRIVER || variant === 'seeworld')
    cid = reader.u32();
  else cid = reader.u24();
  if (cellType >= 3) reader.skip(2);
  else if (type === MSG.GPS_LBS_8 || type === MSG.ALARM_MODULE) reader.skip(1);
  addCellTower(position, cellTower(mcc & 0x7fff, mnc, lac, cid));
  if (length > 9) reader.skip(length - 9);
  return true;
}

/** Terminal information byte: ignition (bit 1), charging (bit 2), alarm (bits 3-5), fuel cut (bit 7). */
export function decodeStatus(position: PositionDraft, reader: ByteReader, variant: Variant): void {
  const status = reader.u8();
  const attributes = position.attributes;
  attributes.status = status;
  attributes.ignition = (status & 0x02) !== 0;
  attributes.charge = (status & 0x04) !== 0;
  attributes.blocked = (status & 0x80) !== 0;
  addAlarm(position, statusAlarm((status >> 3) & 0x07, variant));
}

function statusAlarm(code: number, variant: Variant): string | undefined {
  switch (code) {
    case 1:
      return 'vibration';
    case 2:
      return 'powerCut';
    case 3:
      return 'lowBattery';
    case 4:
      return 'sos';
    case 6:
      return 'geofence';
    case 7:
      return variant === 'vxt01' ? 'overspeed' : 'removing';
    default:
      return undefined;
  }
}

/** The alarm byte of status messages (with the language nibble as high byte for the 4G series). */
export function decodeAlarm(value: number, model: ModelTraits): string | undefined {
  switch (value) {
    case 0x01:
      return 'sos';
    case 0x02:
      return 'powerCut';
    case 0x03:
      return 'vibration';
    case 0x04:
      return 'geofenceEnter';
    case 0x05:
      return 'geofenceExit';
    case 0x06:
      return 'overspeed';
    case 0x09:
      return model.vl ? 'tow' : 'vibration';
    case 0x0e:
    case 0x0f:
      return 'lowBattery';
    case 0x11:
      return 'powerOff';
    case 0x0c:
    case 0x13:
    case 0x25:
    case 0x32:
      return 'tampering';
    case 0x14:
      return 'door';
    case 0x18:
      return model.lw ? 'accident' : 'removing';
    case 0x19:
      return model.lw ? 'hardAcceleration' : 'lowBattery';
    case 0x1a:
    case 0x27:
      return 'hardBraking';
    case 0x1b:
    case 0x2a:
    case 0x2b:
    case 0x2e:
      return 'hardCornering';
    case 0x23:
      return 'fallDown';
    case 0x26:
      return 'hardAcceleration';
    case 0x28:
      return model.seeworld ? 'hardCornering' : model.vl ? 'powerOff' : 'hardBraking';
    case 0x29:
      return model.seeworld ? 'accident' : 'hardAcceleration';
    case 0x2c:
      return 'accident';
    case 0x30:
      return model.vl ? 'hardBraking' : 'jamming';
    case 0x33:
      return 'lock';
    case 0x34:
      return 'unlock';
    case 0x53:
      return 'fuelLeak';
    case 0x5b:
    case 0x5c:
      return 'temperature';
    case 0xc9:
      return 'idle';
    case 0x0107:
    case 0x010b:
      return 'jamming';
    default:
      return undefined;
  }
}
