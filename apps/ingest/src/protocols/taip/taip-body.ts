import { isoTimeOf } from '../../codec/dates';
import { newPosition, newPositionAt, type PositionDraft, setLocation } from '../../codec/position-builder';

/** Knots per mile per hour: TAIP speeds are in mph. */
const KNOTS_PER_MPH = 0.868976;
const GPS_EPOCH_MS = Date.UTC(1980, 0, 6);
const DAY_MS = 86_400_000;

const DIGITS = /^\d+$/;
const HEX = /^[0-9A-Fa-f]+$/;

/** Reads fixed-width fields of one TAIP data string from left to right; `null` when a field is not what it should be. */
class Cursor {
  at = 0;
  constructor(readonly text: string) {}

  get rest(): string {
    return this.text.slice(this.at);
  }

  take(width: number, pattern: RegExp): string | null {
    const field = this.text.slice(this.at, this.at + width);
    if (field.length !== width || !pattern.test(field)) return null;
    this.at += width;
    return field;
  }

  int(width: number): number | null {
    const field = this.take(width, DIGITS);
    return field === null ? null : Number(field);
  }

  hex(width: number): number | null {
    const field = this.take(width, HEX);
    return field === null ? null : Number.parseInt(field, 16);
  }
}

/** The parts of a TAIP report that the `;KEY=value` fields complete: position and the event code (if any). */
export interface TaipBody {
  position: PositionDraft;
  event: number | null;
}

/**
 * The data string of a TAIP report (`RPV…`, `REV…`, the dated `RGP/RCQ/RCV/RBR/RUS00` reports of Trimble-based
 * trackers, `RUV` of NT-series OBD trackers), or null for a message that carries no position (RAL, RCP, RLN, RTT,
 * queries, …) or does not follow its layout. `now` dates a PV report's time of day.
 */
export function decodeTaipBody(body: string, now: Date): TaipBody | null {
  if (body.startsWith('RPV')) return timeOfDayReport(new Cursor(body.slice(3)), now);
  if (body.startsWith('REV')) return eventReport(new Cursor(body.slice(3)));
  if (body.startsWith('RUV')) return obdReport(body.slice(3));
  const dated = /^R(?:GP|CQ|CV|BR|US00),?/.exec(body);
  return dated ? datedReport(new Cursor(body.slice(dated[0].length)), dated[0].endsWith(',')) : null;
}

/** PV: GPS time of day (seconds), position, speed, heading, source (9 = no fix) and age. */
function timeOfDayReport(cursor: Cursor, now: Date): TaipBody | null {
  const seconds = cursor.int(5);
  if (seconds === null) return null;
  const position = fix(cursor, nearestDay(seconds, now));
  if (!position) return null;
  position.valid = cursor.rest[0] !== '9';
  return { position, event: null };
}

/** EV: event code, GPS week, day of week and second of day, then the PV fields. */
function eventReport(cursor: Cursor): TaipBody | null {
  const event = cursor.int(2);
  const week = cursor.int(4);
  const day = cursor.int(1);
  const seconds = cursor.int(5);
  if (event === null || week === null || day === null || seconds === null) return null;
  const position = fix(cursor, new Date(GPS_EPOCH_MS + (week * 7 + day) * DAY_MS + seconds * 1000).toISOString());
  if (!position) return null;
  position.valid = cursor.rest[0] !== '9';
  const alarm = BASIC_ALARMS[event];
  if (alarm) position.attributes.alarm = alarm;
  return { position, event };
}

/** GP/CQ/CV/BR/US00: optional event, ddMMyy HHmmss, position, speed, heading and one of the status extensions. */
function datedReport(cursor: Cursor, commaForm: boolean): TaipBody | null {
  const leading = /^\d+/.exec(cursor.rest)?.[0].length ?? 0;
  const event = leading === 14 ? cursor.int(2) : null;
  const time = dateTime(cursor);
  if (time === null) return null;
  const position = fix(cursor, time);
  if (!position) return null;
  position.valid = true;
  const body: TaipBody = { position, event };
  if (!statusExtension(new Cursor(cursor.rest), body)) inputExtension(new Cursor(cursor.rest), body);
  if (body.event !== null) {
    const alarm = commaForm ? DRIVING_ALARMS[body.event] : BASIC_ALARMS[body.event];
    if (alarm) position.attributes.alarm = alarm;
  }
  return body;
}

const BASIC_ALARMS: Readonly<Record<number, string>> = { 1: 'sos', 2: 'powerCut' };
const DRIVING_ALARMS: Readonly<Record<number, string>> = {
  22: 'hardAcceleration',
  23: 'hardBraking',
  24: 'accident',
  26: 'hardCornering',
  28: 'hardCornering',
};

/**
 * Fix mode, data age, inputs (bit 7 ignition), then either `,flow,odometer,PPPPBBBB,rpm[,temp1,temp2],alarm` or an
 * event code and HDOP. Applied only when the whole extension is there.
 */
function statusExtension(cursor: Cursor, body: TaipBody): boolean {
  const mode = cursor.int(1);
  const age = cursor.hex(2);
  const input = cursor.hex(2);
  if (mode === null || age === null || input === null) return false;
  const attributes = body.position.attributes;
  if (cursor.rest.startsWith(',')) {
    const parts = cursor.rest.slice(1).split(',');
    const [flow = '', odometer = '', supply = '', rpm = '', ...tail] = parts;
    if (!DIGITS.test(flow) || !DIGITS.test(odometer) || !/^\d{8}/.test(supply) || !DIGITS.test(rpm)) return false;
    const temperatures =
      tail.length >= 3 && /^[-+]?\d+\.?\d*$/.test(tail[0] ?? '') && /^[-+]?\d+\.?\d*$/.test(tail[1] ?? '');
    const alarm = (temperatures ? tail[2] : tail[0]) ?? '';
    if (!/^[0-9A-Fa-f]{2}/.test(alarm)) return false;
    Object.assign(attributes, {
      odometer: Number(odometer),
      power: Number(supply.slice(0, 4)) * 0.01,
      battery: Number(supply.slice(4, 8)) * 0.01,
      rpm: Number(rpm),
    });
    if (temperatures) Object.assign(attributes, { temp1: Number(tail[0]), temp2: Number(tail[1]) });
    body.event = Number.parseInt(alarm.slice(0, 2), 16);
  } else {
    const event = cursor.int(2);
    const hdop = cursor.int(2);
    if (event === null || hdop === null) return false;
    body.event = event;
    attributes.hdop = hdop;
  }
  body.position.valid = mode > 0;
  attributes.ignition = (input & 0x80) !== 0;
  attributes.input = input;
  return true;
}

/**
 * Inputs, satellites, battery, odometer (hex metres), GPS power; optionally fix mode, PDOP, satellites, data age,
 * modem power, GSM status, RSSI and two temperatures (°C × 100) with their ages.
 */
function inputExtension(cursor: Cursor, body: TaipBody): void {
  const input = cursor.hex(2);
  const satellites = cursor.hex(2);
  const battery = cursor.int(3);
  const odometer = cursor.hex(8);
  const gpsPower = cursor.take(1, /[01]/);
  if (input === null || satellites === null || battery === null || odometer === null || gpsPower === null) return;
  const attributes = body.position.attributes;
  Object.assign(attributes, { input, battery, odometer });
  const mode = cursor.take(1, /[023]/);
  const pdop = cursor.int(2);
  const used = cursor.int(2);
  const age = cursor.hex(4);
  const modem = cursor.take(1, /[01]/);
  const gsm = cursor.take(1, /[0-5]/);
  const rssi = cursor.int(2);
  if (mode === null || pdop === null || used === null || age === null || modem === null || gsm === null) return;
  if (rssi === null) return;
  body.position.valid = Number(mode) > 0;
  Object.assign(attributes, { pdop, rssi });
  const temperatures = /^([-+]\d{4})[0-9A-Fa-f]{2}([-+]\d{4})[0-9A-Fa-f]{2}/.exec(cursor.rest);
  if (temperatures) {
    attributes.temp1 = Number(temperatures[1]) * 0.01;
    attributes.temp2 = Number(temperatures[2]) * 0.01;
  }
}

/**
 * RUV (NT-series OBD trackers): `RUV<kind:2><event>,<model>,<ddMMyyHHmmss>[position],<fields…>`. Kind 00 is the
 * identification report (no position), 01 a status report, 03 an OBD report.
 */
function obdReport(text: string): TaipBody | null {
  const parts = text.split(',');
  const head = parts[0] ?? '';
  if (!/^\d{3,}$/.test(head) || parts.length < 3) return null;
  const kind = head.slice(0, 2);
  const event = Number(head.slice(2));
  const cursor = new Cursor(parts[2] ?? '');
  const time = dateTime(cursor);
  if (time === null) return null;
  let position: PositionDraft | null;
  if (cursor.rest === '') {
    position = newPositionAt(time);
    position.valid = true;
  } else {
    position = fix(cursor, time);
    if (!position || !obdStatus(cursor, position)) return null;
  }
  const fields = parts.slice(3);
  const attributes = position.attributes;
  const int = (i: number) => (DIGITS.test(fields[i] ?? '') ? Number(fields[i]) : undefined);
  const set = (key: string, value: number | string | boolean | undefined) => {
    if (value !== undefined) attributes[key] = value;
  };
  if (kind === '00' || kind === '01') supply(fields[0], position);
  if (kind === '00') {
    set('serial', fields[1]);
    set('versionFw', fields[2]);
    set('versionHw', fields[3]);
  } else if (kind === '01') {
    const hours = int(4);
    set('hours', hours === undefined ? undefined : hours * 60_000);
    set('odometer', int(5));
    set('rpm', int(6));
    set('coolantTemp', int(7));
    set('oilPressure', int(8));
    set('fuelLevel', int(9));
    set('driverUniqueId', fields[13]);
    if (event === 111) attributes.alarm = 'idle';
  } else if (kind === '03') {
    set('throttle', int(0));
    const hours = int(1);
    set('hours', hours === undefined ? undefined : hours * 60_000);
    set('odometer', int(2));
    set('rpm', int(3));
    set('coolantTemp', int(4));
    set('oilPressure', int(5));
    set('fuelLevel', int(6));
    const used = int(7);
    set('fuelUsed', used === undefined ? undefined : used * 0.1);
    set('obdSpeed', int(8));
    set('engineTorque', int(9));
    set('engineBrake', int(10));
    const flag = (i: number) => (fields[i] === undefined ? undefined : fields[i] === '1');
    set('cruiseControl', flag(11));
    set('clutchState', flag(12));
    set('parkingBrake', flag(13));
    set('serviceBrake', flag(14));
  }
  return { position, event };
}

/** RUV status after the heading: fix mode (9: none), data age, inputs (bit 7 ignition, bit 6 external power), HDOP. */
function obdStatus(cursor: Cursor, position: PositionDraft): boolean {
  const mode = cursor.int(1);
  const age = cursor.hex(2);
  const input = cursor.hex(2);
  const spare = cursor.hex(2);
  const hdop = cursor.int(2);
  if (mode === null || age === null || input === null || spare === null || hdop === null) return false;
  position.valid = mode > 0 && mode < 9;
  Object.assign(position.attributes, {
    ignition: (input & 0x80) !== 0,
    charge: (input & 0x40) !== 0,
    input,
    hdop,
  });
  return true;
}

/** `BBBBPPPP`: battery and external power in hundredths of a volt. */
function supply(field: string | undefined, position: PositionDraft): void {
  if (!field || !/^\d{8}$/.test(field)) return;
  position.attributes.battery = Number(field.slice(0, 4)) * 0.01;
  position.attributes.power = Number(field.slice(4)) * 0.01;
}

/** ddMMyyHHmmss as ISO time, or null. */
function dateTime(cursor: Cursor): string | null {
  const f = [cursor.int(2), cursor.int(2), cursor.int(2), cursor.int(2), cursor.int(2), cursor.int(2)];
  if (f.some((v) => v === null)) return null;
  const [day, month, year, hour, minute, second] = f as number[];
  return isoTimeOf(year as number, month as number, day as number, hour as number, minute as number, second as number);
}

/**
 * Latitude and longitude (`±DDddddd±DDDddddd` in 1e-5 degrees, or `±DDMM.MMMM±DDDMM.MMMM`), speed (mph) and
 * heading: a position stamped `time`, or null when the fields are not there.
 */
function fix(cursor: Cursor, time: string): PositionDraft | null {
  const minutes = cursor.rest[5] === '.';
  const lat = minutes ? cursor.take(10, /^[-+]\d{4}\.\d{4}$/) : cursor.take(8, /^[-+]\d{7}$/);
  const lon = minutes ? cursor.take(11, /^[-+]\d{5}\.\d{4}$/) : cursor.take(9, /^[-+]\d{8}$/);
  const speed = cursor.int(3);
  const course = cursor.int(3);
  if (lat === null || lon === null || speed === null || course === null) return null;
  const position = newPosition();
  position.deviceTime = time;
  position.fixTime = time;
  const degrees = (text: string, width: number) => {
    const sign = text[0] === '-' ? -1 : 1;
    if (!minutes) return (sign * Number(text.slice(1))) / 100_000;
    return sign * (Number(text.slice(1, 1 + width)) + Number(text.slice(1 + width)) / 60);
  };
  setLocation(position, degrees(lat, 2), degrees(lon, 3));
  position.speed = speed * KNOTS_PER_MPH;
  position.course = course;
  return position;
}

/** A time of day (seconds) on the day that puts it nearest to `now` (within ±12 hours). */
function nearestDay(seconds: number, now: Date): string {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  let time = midnight + seconds * 1000;
  if (time - now.getTime() > DAY_MS / 2) time -= DAY_MS;
  else if (now.getTime() - time > DAY_MS / 2) time += DAY_MS;
  return new Date(time).toISOString();
}
