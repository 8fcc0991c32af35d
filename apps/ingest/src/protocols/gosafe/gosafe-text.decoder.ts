import { utcDate } from '../../codec/dates';
import { addCellTower, cellTower } from '../../codec/network';
import {
  newPosition,
  newPositionAt,
  type PositionDraft,
  setAttribute,
  setLocation,
  setTime,
} from '../../codec/position-builder';
import { knotsFromKph } from '../../codec/units';

/** Java's String.split: trailing empty strings are dropped. */
function javaSplit(text: string, separator: string): string[] {
  const parts = text.split(separator);
  while (parts.length > 0 && parts[parts.length - 1] === '') parts.pop();
  return parts;
}

function int(text: string | undefined, radix = 10): number {
  const pattern = radix === 16 ? /^[+-]?[0-9a-fA-F]+$/ : /^[+-]?\d+$/;
  if (text === undefined || !pattern.test(text)) throw new Error(`gosafe: not an integer: ${text}`);
  return Number.parseInt(text, radix);
}

function real(text: string | undefined): number {
  if (text === undefined || !/^[+-]?(\d+\.?\d*|\.\d+)$/.test(text)) throw new Error(`gosafe: not a number: ${text}`);
  return Number(text);
}

/** A value the section must have: a missing one refuses the report. */
function at(values: string[], index: number): string {
  const value = values[index];
  if (value === undefined) throw new Error('gosafe: section too short');
  return value;
}

function coordinate(text: string): number {
  const value = real(text.slice(1));
  return text[0] === 'S' || text[0] === 'W' ? -value : value;
}

/** `GPS:` validity;satellites;N lat;E lon;speed km/h;course[;altitude[;hdop[;vdop]]]. */
function gps(position: PositionDraft, v: string[]): void {
  position.valid = at(v, 0) === 'A';
  position.attributes.sat = int(at(v, 1));
  const latitude = coordinate(at(v, 2));
  const longitude = coordinate(at(v, 3));
  if (position.outdated) {
    // a report without a time of its own (a command answer): the location is kept, the position stays outdated
    if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) throw new Error('gosafe: coordinates out of range');
    position.latitude = latitude;
    position.longitude = longitude;
  } else {
    setLocation(position, latitude, longitude);
  }
  if (at(v, 4) !== '') position.speed = knotsFromKph(int(v[4]));
  position.course = int(at(v, 5));
  if (v.length > 6 && v[6] !== '') position.altitude = int(v[6]);
  if (v.length > 7) position.attributes.hdop = real(v[7]);
  if (v.length > 8) position.attributes.vdop = real(v[8]);
}

/** `COT:` odometer (m)[;engine hours as h or h-m-s]. */
function cot(position: PositionDraft, v: string[]): void {
  if (v.length > 0) position.attributes.odometer = int(v[0]);
  if (v.length > 1) {
    const [h, m, s] = (v[1] as string).split('-');
    position.attributes.hours =
      (int(h) * 3600 + (m === undefined ? 0 : int(m) * 60) + (s === undefined ? 0 : int(s))) * 1000;
  }
}

/** `DTT:` status (hex);io (hex: ignition, in1-4, out1-3);geofence (two fields);event status[;packet type]. */
function dtt(position: PositionDraft, v: string[]): void {
  const a = position.attributes;
  a.status = int(at(v, 0), 16);
  if (at(v, 1) !== '') {
    const io = int(v[1], 16);
    a.ignition = (io & 1) !== 0;
    for (let i = 1; i <= 4; i++) a[`in${i}`] = ((io >> i) & 1) !== 0;
    for (let i = 1; i <= 3; i++) a[`out${i}`] = ((io >> (i + 4)) & 1) !== 0;
  }
  a.geofence = at(v, 2) + at(v, 3);
  a.eventStatus = at(v, 4);
  if (v.length > 5) a.packetType = v[5] as string;
}

/** `IWD:` sensor index;type;data… — type 0 a driver id, type 1 a temperature sensor (serial;°C). */
function iwd(position: PositionDraft, v: string[]): void {
  let i = 0;
  while (i < v.length) {
    const sensor = int(at(v, i++));
    const type = int(at(v, i++));
    if (type === 0) position.attributes.driverUniqueId = at(v, i++);
    else if (type === 1) {
      i += 1; // sensor serial number
      position.attributes[`temp${sensor}`] = real(at(v, i++));
    }
  }
}

function section(position: PositionDraft, fragment: string): void {
  const colon = fragment.indexOf(':');
  if (colon < 0) return;
  const v = colon === fragment.length - 1 ? [] : javaSplit(fragment.slice(colon + 1), ';');
  const a = position.attributes;
  switch (fragment.slice(0, colon)) {
    case 'GPS':
      gps(position, v);
      break;
    case 'GSM': // registration;signal;mcc;mnc;lac (hex);cell (hex);rssi — the serving cell only
      addCellTower(
        position,
        cellTower(int(at(v, 2)), int(at(v, 3)), int(at(v, 4), 16), int(at(v, 5), 16), int(at(v, 6))),
      );
      break;
    case 'COT':
      cot(position, v);
      break;
    case 'ADC': // external power;battery;adc1;adc2 (volts)
      a.power = real(at(v, 0));
      for (const [i, key] of ['battery', 'adc1', 'adc2'].entries()) if (v.length > i + 1) a[key] = real(v[i + 1]);
      break;
    case 'DTT':
      dtt(position, v);
      break;
    case 'ETD':
      setAttribute(position, 'eventData', at(v, 0));
      break;
    case 'OBD':
      setAttribute(position, 'obd', at(v, 0));
      break;
    case 'TAG':
      setAttribute(position, 'tagData', at(v, 0));
      break;
    case 'IWD':
      iwd(position, v);
      break;
  }
}

/**
 * One record of a `*GSvv` report: `hhmmssddmmyy` (or, in an answer to a command, the answer), then an event code
 * (hex) and `NAME:v;v;…` sections.
 */
export function decodeGosafeRecord(record: string): PositionDraft {
  const fragments = record.split(',');
  const first = fragments[0] ?? '';
  let position: PositionDraft;
  if (/^\d{12}$/.test(first) && first !== '000000000000') {
    const d = (i: number) => Number(first.slice(i, i + 2));
    position = newPosition();
    setTime(position, utcDate(d(10), d(8), d(6), d(0), d(2), d(4)));
  } else {
    position = newPositionAt(null);
    position.attributes.result = first;
  }
  for (const fragment of fragments.slice(1)) {
    if (fragment === '') continue;
    if (/^[0-9a-fA-F]+$/.test(fragment)) position.attributes.event = int(fragment, 16);
    else section(position, fragment);
  }
  return position;
}

const OLD =
  /^GPS:(\d\d)(\d\d)(\d\d);(?:\d;)?([AV]);([NS])(\d+\.\d+);([EW])(\d+\.\d+);(\d+)?;(\d+);(\d+\.?\d*)?(\d\d)(\d\d)(\d\d)/;

/** The first-generation `*GS02,imei,GPS:hhmmss;…` report: one fix. */
export function decodeGosafeOld(data: string): PositionDraft | null {
  const m = OLD.exec(data);
  if (!m) return null;
  const g = (i: number) => m[i] ?? '';
  const position = newPosition();
  position.valid = g(4) === 'A';
  const latitude = Number(g(6)) * (g(5) === 'S' ? -1 : 1);
  const longitude = Number(g(8)) * (g(7) === 'W' ? -1 : 1);
  setLocation(position, latitude, longitude);
  position.speed = knotsFromKph(Number(g(9) || 0));
  position.course = Number(g(10));
  setAttribute(position, 'hdop', m[11] === undefined ? undefined : Number(m[11]));
  setTime(position, utcDate(Number(g(14)), Number(g(13)), Number(g(12)), Number(g(1)), Number(g(2)), Number(g(3))));
  return position;
}
