import type { ByteReader } from '../../codec/byte-reader';
import {
  addAlarm,
  markOutdated,
  newPosition,
  type PositionDraft,
  setAttribute,
  setTime,
} from '../../codec/position-builder';
import { asciiOf } from '../../codec/text';
import { knotsFromKph } from '../../codec/units';

export const MSG_RECORDS = 1;
export const MSG_EXTENDED_RECORDS = 68;

/** Longitude/latitude of a record taken without a GPS fix ("data without fix" mode B). */
const NO_FIX = -0x80000000;

/**
 * Records (command 1) and extended records (command 68): records-left flag, count, then per record a timestamp
 * (s) with its extension byte, [extended: record extension], priority, longitude, latitude (1e-7°), altitude
 * (0.1 m), course (0.01°), satellites, speed (km/h), HDOP (0.1), event id (2 bytes when extended) and the IO
 * groups of 1, 2, 4 and 8-byte values (2-byte ids when extended). Each record is its own position with its own fix.
 *
 * An extended record too big for one record is split: the record extension byte holds the number of the last part
 * (high nibble) and of this part (low nibble). A part numbered 1 to the last merges into the position before it
 * (its IO elements added, its fix taken when it has one; the first part's time stays), as Traccar does.
 */
export function decodeRecords(reader: ByteReader, command: number): PositionDraft[] {
  const extended = command === MSG_EXTENDED_RECORDS;
  reader.skip(1); // records left in the device
  const count = reader.u8();
  const records: Decoded[] = [];
  for (let i = 0; i < count; i++) {
    const seconds = reader.u32();
    reader.skip(1); // timestamp extension
    const recordExtension = extended ? reader.u8() : 0;
    const part = recordExtension & 0x0f;
    const last = recordExtension >> 4;
    const record = decodeRecord(reader, seconds, extended);
    const previous = records[records.length - 1];
    if (part > 0 && part <= last && previous) mergePart(previous, record);
    else records.push(record);
  }
  return records.map(finishRecord);
}

/** A decoded record and the raw values of the elements that pair up into one attribute (driver ids, tag id). */
interface Decoded {
  position: PositionDraft;
  pairs: Map<number, Buffer>;
}

/** Elements read in pairs of 8-byte halves: CAN driver (126/127), tachograph driver (155/156), tag id (760/761). */
const PAIRED: ReadonlySet<number> = new Set([126, 127, 155, 156, 760, 761]);

function decodeRecord(reader: ByteReader, seconds: number, extended: boolean): Decoded {
  const position = newPosition();
  const time = new Date(seconds * 1000);
  reader.skip(1); // priority
  const longitude = reader.i32();
  const latitude = reader.i32();
  const altitude = reader.u16();
  const course = reader.u16();
  const satellites = reader.u8();
  const speed = reader.u16();
  const hdop = reader.u8();
  if (longitude === NO_FIX || latitude === NO_FIX) {
    // recorded without a fix: the time is the record's, the location the last known one (outdated)
    markOutdated(position, time);
  } else {
    setTime(position, time);
    position.valid = true;
    position.longitude = longitude / 1e7;
    position.latitude = latitude / 1e7;
    position.altitude = altitude / 10;
    position.course = course / 100;
    position.speed = knotsFromKph(speed);
    setAttribute(position, 'sat', satellites);
    setAttribute(position, 'hdop', hdop / 10);
  }
  setAttribute(position, 'event', extended ? reader.u16() : reader.u8());

  const pairs = new Map<number, Buffer>();
  for (const length of [1, 2, 4, 8] as const) {
    const elements = reader.u8();
    for (let j = 0; j < elements; j++) {
      const id = extended ? reader.u16() : reader.u8();
      const value = reader.bytes(length);
      if (PAIRED.has(id)) pairs.set(id, value);
      decodeParameter(position, id, value);
    }
  }
  return { position, pairs };
}

/** A later part of a split record: its elements join the first part's, and its fix replaces a missing or older one. */
function mergePart(target: Decoded, part: Decoded): void {
  const into = target.position;
  const from = part.position;
  for (const [key, value] of Object.entries(from.attributes)) {
    if (key === 'alarm' && typeof value === 'string') addAlarm(into, value);
    else into.attributes[key] = value;
  }
  for (const [id, value] of part.pairs) target.pairs.set(id, value);
  if (!from.outdated) {
    into.outdated = false;
    into.valid = true;
    into.fixTime ??= into.deviceTime ?? from.fixTime;
    into.latitude = from.latitude;
    into.longitude = from.longitude;
    into.altitude = from.altitude;
    into.course = from.course;
    into.speed = from.speed;
  }
}

/** The paired elements of a (merged) record become their attributes: driver ids as ASCII, the tag id in hex. */
function finishRecord({ position, pairs }: Decoded): PositionDraft {
  for (const [first, second, key] of [
    [126, 127, 'driverUniqueId'],
    [155, 156, 'driverUniqueId'],
    [760, 761, 'tagId'],
  ] as const) {
    const a = pairs.get(first);
    const b = pairs.get(second);
    if (!a || !b) continue;
    delete position.attributes[`io${first}`];
    delete position.attributes[`io${second}`];
    const value =
      key === 'tagId'
        ? a.readBigUInt64BE(0).toString(16) + b.readBigUInt64BE(0).toString(16)
        : asciiOf(Buffer.concat([a, b]));
    setAttribute(position, key, value);
  }
  return position;
}

/** 1, 2 and 4-byte values unsigned unless `signed`; 8-byte values always signed. */
function numberOf(value: Buffer, signed = false): number {
  switch (value.length) {
    case 1:
      return signed ? value.readInt8(0) : value.readUInt8(0);
    case 2:
      return signed ? value.readInt16BE(0) : value.readUInt16BE(0);
    case 4:
      return signed ? value.readInt32BE(0) : value.readUInt32BE(0);
    default:
      return Number(value.readBigInt64BE(0));
  }
}

function decodeParameter(position: PositionDraft, id: number, value: Buffer): void {
  // no closures here: this runs for every I/O value of every record
  switch (id) {
    case 2:
    case 3:
    case 4:
    case 5:
      setAttribute(position, `in${id - 1}`, numberOf(value));
      break;
    case 13:
    case 173:
      setAttribute(position, 'motion', numberOf(value) > 0);
      break;
    case 20:
      setAttribute(position, 'adc3', numberOf(value));
      break;
    case 21:
      setAttribute(position, 'adc4', numberOf(value));
      break;
    case 22:
      setAttribute(position, 'adc1', numberOf(value));
      break;
    case 23:
      setAttribute(position, 'adc2', numberOf(value));
      break;
    case 29:
      setAttribute(position, 'power', numberOf(value) / 1000);
      break;
    case 30:
      setAttribute(position, 'battery', numberOf(value) / 1000);
      break;
    case 32:
      setAttribute(position, 'deviceTemp', numberOf(value, true));
      break;
    case 34:
      setAttribute(position, 'driverUniqueId', value.toString('hex'));
      break;
    case 39:
      setAttribute(position, 'engineLoad', numberOf(value));
      break;
    case 65:
      setAttribute(position, 'odometer', numberOf(value));
      break;
    case 74:
      setAttribute(position, 'temp3', numberOf(value, true) / 10);
      break;
    case 78:
    case 79:
    case 80:
      setAttribute(position, `temp${id - 78}`, numberOf(value, true) / 10);
      break;
    case 88:
      if (numberOf(value) > 0) addAlarm(position, 'jamming');
      break;
    case 94:
      setAttribute(position, 'rpm', numberOf(value) * 0.25);
      break;
    case 95:
      setAttribute(position, 'obdSpeed', numberOf(value));
      break;
    case 98:
      setAttribute(position, 'fuel', (numberOf(value) * 100) / 255);
      break;
    case 100:
      setAttribute(position, 'fuelConsumption', numberOf(value) / 20);
      break;
    case 134:
      if (numberOf(value) > 0) addAlarm(position, 'hardBraking');
      break;
    case 136:
      if (numberOf(value) > 0) addAlarm(position, 'hardAcceleration');
      break;
    case 150:
      setAttribute(position, 'operator', numberOf(value));
      break;
    case 163:
      setAttribute(position, 'odometer', numberOf(value) * 5);
      break;
    case 164:
      setAttribute(position, 'tripOdometer', numberOf(value) * 5);
      break;
    case 165:
      setAttribute(position, 'obdSpeed', numberOf(value) / 256);
      break;
    case 166:
    case 197:
      setAttribute(position, 'rpm', numberOf(value) * 0.125);
      break;
    case 170:
      setAttribute(position, 'charge', numberOf(value) > 0);
      break;
    case 205:
      setAttribute(position, 'fuelLevel', numberOf(value));
      break;
    case 207:
      setAttribute(position, 'fuelLevel', numberOf(value) * 0.4);
      break;
    case 208:
      setAttribute(position, 'fuelUsed', numberOf(value) * 0.5);
      break;
    case 251:
    case 409:
      setAttribute(position, 'ignition', numberOf(value) > 0);
      break;
    case 410:
      if (numberOf(value) > 0) addAlarm(position, 'tow');
      break;
    case 411:
      if (numberOf(value) > 0) addAlarm(position, 'accident');
      break;
    case 415:
      if (numberOf(value) === 0) addAlarm(position, 'gpsAntennaCut');
      break;
    case 645:
      if (numberOf(value) !== 0xffffffff) setAttribute(position, 'obdOdometer', numberOf(value) * 1000);
      break;
    case 758:
      if (numberOf(value) === 1) addAlarm(position, 'tampering');
      break;
    default:
      setAttribute(position, `io${id}`, numberOf(value));
      break;
  }
}

/**
 * Diagnostic trouble codes (command 9): count, then per code a reserved byte, timestamp, longitude, latitude, a
 * state byte (2 = archived) and the 5-character code.
 */
export function decodeDtcs(reader: ByteReader): PositionDraft[] {
  const positions: PositionDraft[] = [];
  const count = reader.u8();
  for (let i = 0; i < count; i++) {
    const position = newPosition();
    reader.skip(1);
    setTime(position, new Date(reader.u32() * 1000));
    position.valid = true;
    position.longitude = reader.i32() / 1e7;
    position.latitude = reader.i32() / 1e7;
    if (reader.u8() === 2) setAttribute(position, 'archive', true);
    setAttribute(position, 'dtcs', reader.ascii(5));
    positions.push(position);
  }
  return positions;
}
