import { newPosition, type PositionDraft, setAttribute, setLocation } from '../../codec/position-builder';
import { knotsFromKph } from '../../codec/units';

/**
 * FLEX telemetry records. In its `*>FLEX` message the device names the protocol (0xB0), the FLEX version and
 * structure version (10, 20, 30 for 1.0, 2.0, 3.0), how many field bits follow and the bit field itself (most
 * significant bit of the first byte is field 1): each record then carries the set fields, in order, each of a fixed
 * size, little-endian. The sizes below are those of Navtelecom's field list as far as it is known here; a field not
 * in it makes the record size unknown, and such a device's records cannot be read (see docs/protocols.md).
 */
export const FLEX_FIELD_SIZES: Readonly<Record<number, number>> = {
  1: 4, // end-to-end record number
  2: 2, // event code
  3: 4, // event time, seconds since 1970
  4: 1, // device status: bit 0 test mode, 1 alarm notification, 2 alarm, 3-4 working mode, …
  5: 1, // functional modules status
  6: 1, // functional modules status 2
  7: 1, // GSM signal level
  8: 1, // navigation receiver: bit 0 on, bit 1 fix valid, bits 2-7 satellites
  9: 4, // time of the last valid coordinates
  10: 4, // latitude, 1/10000 minute
  11: 4, // longitude, 1/10000 minute
  12: 4, // altitude, decimetres
  13: 4, // speed, km/h (float)
  14: 2, // course, degrees
  15: 4, // mileage, km (float)
  16: 4, // last segment, km (float)
  17: 2, // seconds on the last segment
  18: 2, // valid fixes on the last segment
  19: 2, // main power, mV
  20: 2, // backup battery, mV
  29: 1, // digital inputs 1-8
  31: 1, // outputs 1-8
  37: 4, // engine hours, seconds
  45: 1, // temperature sensor 1, °C
  46: 1,
  47: 1,
  48: 1,
  49: 1,
  50: 1,
  51: 1,
  52: 1, // temperature sensor 8
  53: 2, // CAN: fuel level
  54: 4, // CAN: fuel used (float)
  55: 2, // CAN: engine speed
  56: 1, // CAN: coolant temperature
  57: 4, // CAN: mileage, km (float)
  63: 1,
  64: 1,
  65: 1,
  69: 1, // CAN: speed, km/h
  70: 8, // satellites in view per system (GLONASS, GPS, …)
  71: 2, // HDOP and PDOP, tenths
};

/** What the device negotiated: the FLEX version and the fields each record carries. */
export type FlexLayout = {
  version: number;
  structure: number;
  fields: number[];
};

/** The fields of a `*>FLEX` bit field of `bits` bits. */
export function flexFields(mask: Buffer, bits: number): number[] {
  const fields: number[] = [];
  for (let i = 0; i < bits; i++) {
    if (((mask[i >> 3] as number) >> (7 - (i & 7))) & 1) fields.push(i + 1);
  }
  return fields;
}

/** The size of one record of these fields, or null when a field's size is not known. */
export function flexRecordSize(fields: readonly number[]): number | null {
  let size = 0;
  for (const field of fields) {
    const bytes = FLEX_FIELD_SIZES[field];
    if (bytes === undefined) return null;
    size += bytes;
  }
  return size;
}

/** The least a record of these fields can take: the known sizes and at least a byte for each unknown one. */
export function flexMinimumSize(fields: readonly number[]): number {
  let size = 0;
  for (const field of fields) size += FLEX_FIELD_SIZES[field] ?? 1;
  return size;
}

/** Reads a `*>FLEX` payload (after the 6 letters): the layout, or throws when it is cut or not FLEX. */
export function parseFlexNegotiation(payload: Buffer): FlexLayout & { bits: number } {
  if (payload.length < 10) throw new Error('navis FLEX negotiation too short');
  if (payload[6] !== 0xb0) throw new Error(`navis protocol 0x${payload[6]?.toString(16)} is not FLEX`);
  const version = payload[7] as number;
  const structure = payload[8] as number;
  const bits = payload[9] as number;
  const bytes = Math.ceil(bits / 8);
  if (payload.length < 10 + bytes) throw new Error('navis FLEX bit field cut');
  return { version, structure, bits, fields: flexFields(payload.subarray(10, 10 + bytes), bits) };
}

const seconds = (value: number) => value * 1000;

/**
 * Decodes one record of `fields` at `offset`; returns the position and the offset after it. With `partial`, a
 * field of unknown size ends the reading (the fields before it are decoded, the caller knows the record's size).
 */
export function readFlexRecord(
  frame: Buffer,
  offset: number,
  fields: readonly number[],
  partial = false,
): [PositionDraft, number] {
  const position = newPosition();
  let at = offset;
  let eventTime: number | null = null;
  let fixTime: number | null = null;
  let latitude: number | null = null;
  let longitude: number | null = null;
  for (const field of fields) {
    const size = FLEX_FIELD_SIZES[field];
    if (size === undefined) {
      if (partial) break;
      throw new Error(`navis FLEX field ${field} of unknown size`);
    }
    if (at + size > frame.length) throw new Error('navis FLEX record cut');
    switch (field) {
      case 1:
        setAttribute(position, 'index', frame.readUInt32LE(at));
        break;
      case 2:
        setAttribute(position, 'event', frame.readUInt16LE(at));
        break;
      case 3:
        eventTime = frame.readUInt32LE(at);
        break;
      case 4:
        setAttribute(position, 'armed', isArmed(frame[at] as number));
        break;
      case 5:
        setAttribute(position, 'status', frame[at]);
        break;
      case 7:
        setAttribute(position, 'rssi', frame[at]);
        break;
      case 8:
        position.valid = ((frame[at] as number) & 0x02) !== 0;
        setAttribute(position, 'sat', (frame[at] as number) >> 2);
        break;
      case 9:
        fixTime = frame.readUInt32LE(at);
        break;
      case 10:
        latitude = frame.readInt32LE(at) / 600000;
        break;
      case 11:
        longitude = frame.readInt32LE(at) / 600000;
        break;
      case 12:
        position.altitude = frame.readInt32LE(at) / 10;
        break;
      case 13:
        position.speed = speedOf(frame.readFloatLE(at));
        break;
      case 14:
        position.course = frame.readUInt16LE(at);
        break;
      case 15:
        setAttribute(position, 'odometer', frame.readFloatLE(at) * 1000);
        break;
      case 16:
        setAttribute(position, 'distance', frame.readFloatLE(at) * 1000);
        break;
      case 19:
        setAttribute(position, 'power', frame.readUInt16LE(at) / 1000);
        break;
      case 20:
        setAttribute(position, 'battery', frame.readUInt16LE(at) / 1000);
        break;
      case 29:
        setBits(position, 'input', 'in', frame[at] as number, 8);
        break;
      case 31:
        setBits(position, 'output', 'out', frame[at] as number, 8);
        break;
      case 37:
        setAttribute(position, 'hours', seconds(frame.readUInt32LE(at)));
        break;
      case 57:
        setAttribute(position, 'obdOdometer', frame.readFloatLE(at) * 1000);
        break;
      case 69:
        setAttribute(position, 'obdSpeed', frame[at]);
        break;
      case 70:
        setAttribute(position, 'satVisible', (frame[at] as number) + (frame[at + 1] as number));
        break;
      case 71:
        setAttribute(position, 'hdop', (frame[at] as number) / 10);
        setAttribute(position, 'pdop', (frame[at + 1] as number) / 10);
        break;
      default:
        if (field >= 45 && field <= 52) setAttribute(position, `temp${field - 44}`, frame.readInt8(at));
    }
    at += size;
  }
  const toIso = (value: number | null) => (value === null ? null : new Date(value * 1000).toISOString());
  placeFix(position, toIso(fixTime ?? eventTime), toIso(eventTime), latitude, longitude);
  return [position, at];
}

/**
 * Gives the position its location at `time` (device and fix time); without coordinates or a time, or with
 * coordinates out of range, it has no location of its own and keeps `deviceTime` (outdated, not valid).
 */
export function placeFix(
  position: PositionDraft,
  time: string | null,
  deviceTime: string | null,
  latitude: number | null,
  longitude: number | null,
): void {
  if (
    time !== null &&
    latitude !== null &&
    longitude !== null &&
    Number.isFinite(latitude) &&
    Number.isFinite(longitude) &&
    Math.abs(latitude) <= 90 &&
    Math.abs(longitude) <= 180
  ) {
    position.deviceTime = time;
    position.fixTime = time;
    setLocation(position, latitude, longitude);
    return;
  }
  position.outdated = true;
  position.valid = false;
  position.fixTime = null;
  position.altitude = 0;
  position.speed = 0;
  position.course = 0;
  position.deviceTime = deviceTime;
}

/** A speed in km/h as a float, in knots (0 when the float is no number or negative). */
export function speedOf(kph: number): number {
  return Number.isFinite(kph) && kph > 0 ? knotsFromKph(kph) : 0;
}

/** Working mode (status bits 3-4) is guard or extra guard. */
export function isArmed(status: number): boolean {
  const mode = (status >> 3) & 0x03;
  return mode === 1 || mode === 2;
}

/** `key` as the whole byte and `<prefix>1..n` for each of its bits. */
export function setBits(position: PositionDraft, key: string, prefix: string, value: number, count: number): void {
  setAttribute(position, key, value);
  for (let i = 0; i < count; i++) setAttribute(position, `${prefix}${i + 1}`, ((value >> i) & 1) === 1);
}
