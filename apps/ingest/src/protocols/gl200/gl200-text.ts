import { type CellTower, MAX_CELL_ID, type Network, type PositionAttributes } from '@waymark/contracts/position';
import { newPositionAt } from '../../codec/position-builder';
import { knotsFromKph } from '../../codec/units';
import type { DecodedPosition } from '../protocol.types';

/**
 * One Queclink @Track text message split into its comma fields: `+RESP:GTFRI,<protocol version>,<IMEI>,<device
 * name>,…,<send time>,<count>$`. `end` is the index of the send time (the body's fields are before it).
 */
export interface Gl200Text {
  /** RESP, BUFF, ACK, SACK… */
  head: string;
  /** FRI, ERI, HBD… (without the GT prefix) */
  type: string;
  fields: string[];
  version: string;
  imei: string;
  /** The send time (the last field but one), when the device filled it. */
  sendTime: Date | null;
  /** Index of the send-time field: body fields are before it. */
  end: number;
  count: string;
}

export function parseGl200Text(text: string): Gl200Text {
  const body = text.replace(/[\s\0]+$/, '').replace(/\$$/, '');
  const fields = body.split(',');
  const header = /^\+([A-Z]+):GT([A-Z0-9]{3})$/.exec(fields[0] ?? '');
  if (!header) throw new Error(`not a Queclink text message: ${JSON.stringify(body.slice(0, 20))}`);
  if (fields.length < 4) throw new Error(`Queclink ${header[2]} message too short (${fields.length} fields)`);
  const end = fields.length - 2;
  return {
    head: header[1] as string,
    type: header[2] as string,
    fields,
    version: fields[1] ?? '',
    imei: fields[2] ?? '',
    sendTime: queclinkTime(fields[end] ?? ''),
    end,
    count: fields[fields.length - 1] ?? '',
  };
}

/** `yyyyMMddHHmmss` (UTC) as a Date, or null when the field is empty or not a valid time. */
export function queclinkTime(text: string): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(text);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (year < 1970 || year > 2099 || month < 1 || month > 12 || day < 1 || day > 31) return null;
  if (hour > 23 || minute > 59 || second > 59) return null;
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second));
}

export const iso = (date: Date | null | undefined): string | null => (date ? date.toISOString() : null);

export const RE_INT = /^\d+$/;
export const RE_DECIMAL = /^\d+\.\d+$/;
const RE_HDOP = /^(\d{1,3}(\.\d+)?)?$/;
const RE_SPEED = /^(\d{1,4}(\.\d+)?)?$/;
const RE_ALTITUDE = /^(-?\d{1,6}(\.\d+)?)?$/;
const RE_LONGITUDE = /^-?\d{1,3}\.\d{1,8}$/;
const RE_LATITUDE = /^-?\d{1,2}\.\d{1,8}$/;
const RE_TIME = /^\d{14}$/;
const RE_MCC = /^\d{1,4}$/;
const RE_HEX = /^[0-9A-Fa-f]{1,8}$/;

/** A number field, or undefined when empty or not a number. */
export function num(text: string | undefined): number | undefined {
  if (text === undefined || !/^[+-]?\d+(\.\d+)?$/.test(text)) return undefined;
  return Number(text);
}

/** An integer field, or undefined. */
export function int(text: string | undefined): number | undefined {
  return text !== undefined && /^[+-]?\d{1,15}$/.test(text) ? Number(text) : undefined;
}

/** A hexadecimal field, or undefined. */
export function hex(text: string | undefined): number | undefined {
  return text !== undefined && /^[0-9A-Fa-f]{1,12}$/.test(text) ? Number.parseInt(text, 16) : undefined;
}

/** Hour-meter text `HHHHH:MM:SS` in milliseconds, or undefined. */
export function hourMeter(text: string | undefined): number | undefined {
  const m = /^(\d+):(\d{2}):(\d{2})$/.exec(text ?? '');
  if (!m) return undefined;
  return ((Number(m[1]) * 60 + Number(m[2])) * 60 + Number(m[3])) * 1000;
}

/**
 * Whether a location block starts at `at`: `<GPS accuracy>,<speed>,<azimuth>,<altitude>,<longitude>,<latitude>,
 * <GPS UTC time>` with either all three of longitude, latitude and time or none of them; without them the cell
 * block (MCC first) must follow, which pins the alignment.
 */
export function isLocationAt(fields: readonly string[], at: number, end: number): boolean {
  if (at < 0 || at + 7 > end) return false;
  const f = (i: number) => fields[at + i] ?? '';
  if (!RE_HDOP.test(f(0)) || !RE_SPEED.test(f(1)) || !RE_HDOP.test(f(2)) || !RE_ALTITUDE.test(f(3))) return false;
  if (RE_LONGITUDE.test(f(4)) && RE_LATITUDE.test(f(5)) && RE_TIME.test(f(6))) return true;
  return f(4) === '' && f(5) === '' && f(6) === '' && at + 8 <= end && RE_MCC.test(f(7));
}

/** First index in [from, from + span] where a location block starts, or -1. */
export function findLocation(fields: readonly string[], from: number, end: number, span = 12): number {
  for (let at = from; at <= from + span && at + 7 <= end; at++) if (isLocationAt(fields, at, end)) return at;
  return -1;
}

/** One location block as read from the fields. */
export interface Fix {
  hdop?: number;
  speedKph?: number;
  course?: number;
  altitude?: number;
  latitude?: number;
  longitude?: number;
  time: Date | null;
  cell?: CellTower;
  /** Satellites in use, when the position append mask announces them. */
  sat?: number;
  /** Index of the first field after the block (after the cell, reserved and appended fields). */
  next: number;
}

/**
 * Reads a location block at `at` and, when `withCell`, the cell block after it: `<MCC>,<MNC>,<LAC>,<Cell ID>,
 * <reserved | position append mask>`. Newer firmwares put a position append mask (00–03) in the reserved field:
 * bit 0 adds `<satellites in use>`, bit 1 `<GNSS trigger type>`.
 */
export function readFix(fields: readonly string[], at: number, end: number, withCell = true): Fix {
  const f = (i: number) => fields[at + i];
  const fix: Fix = { time: null, next: at + 7 };
  fix.hdop = num(f(0));
  fix.speedKph = num(f(1));
  fix.course = num(f(2));
  fix.altitude = num(f(3));
  const longitude = num(f(4));
  const latitude = num(f(5));
  const time = queclinkTime(f(6) ?? '');
  if (longitude !== undefined && latitude !== undefined && time) {
    fix.longitude = longitude;
    fix.latitude = latitude;
    fix.time = time;
  }
  if (!withCell || at + 7 >= end) return fix;
  const cell = cellTower(f(7), f(8), f(9), f(10));
  if (cell) fix.cell = cell;
  fix.next = Math.min(at + 12, end);
  const mask = f(11) ?? '';
  if (/^0[0-3]$/.test(mask)) {
    const bits = Number(mask);
    if (bits & 1) {
      const sat = int(fields[fix.next]);
      if (sat !== undefined) fix.sat = sat;
      fix.next++;
    }
    if (bits & 2) fix.next++;
    fix.next = Math.min(fix.next, end);
  }
  return fix;
}

/** A GSM cell from decimal MCC/MNC and hexadecimal LAC/cell id, when all are there and in range. */
export function cellTower(
  mcc: string | undefined,
  mnc: string | undefined,
  lac: string | undefined,
  cid: string | undefined,
): CellTower | undefined {
  if (!RE_MCC.test(mcc ?? '') || !RE_MCC.test(mnc ?? '') || !RE_HEX.test(lac ?? '') || !RE_HEX.test(cid ?? '')) {
    return undefined;
  }
  const tower: CellTower = {
    mobileCountryCode: Number(mcc),
    mobileNetworkCode: Number(mnc),
    locationAreaCode: Number.parseInt(lac as string, 16),
    cellId: Number.parseInt(cid as string, 16),
  };
  const valid =
    tower.mobileCountryCode <= 999 &&
    tower.mobileNetworkCode <= 999 &&
    tower.locationAreaCode <= 65535 &&
    tower.cellId <= MAX_CELL_ID;
  return valid ? tower : undefined;
}

export const gsmNetwork = (towers: CellTower[]): Network => ({
  radioType: 'gsm',
  considerIp: false,
  cellTowers: towers,
});

export interface FixOptions {
  /** Attach the cell tower as the position's network. */
  network: boolean;
  /** Device time: the message's send time, or the fix time (as Traccar's FRI-style decoders do). */
  deviceTime: Date | null | 'fix';
  /** Validity when the fix has a location (default true). */
  valid?: boolean;
}

/** A position from a location block: outdated (no location of its own) when the block has none. */
export function positionFromFix(fix: Fix | null, options: FixOptions): DecodedPosition {
  const position = newPositionAt();
  if (fix) {
    position.speed = knotsFromKph(fix.speedKph ?? 0);
    position.course = fix.course !== undefined && fix.course <= 360 ? fix.course : 0;
    position.altitude = fix.altitude ?? 0;
    if (fix.time && fix.latitude !== undefined && fix.longitude !== undefined) {
      if (Math.abs(fix.latitude) <= 90 && Math.abs(fix.longitude) <= 180) {
        position.outdated = false;
        position.valid = options.valid ?? true;
        position.latitude = fix.latitude;
        position.longitude = fix.longitude;
        position.fixTime = fix.time.toISOString();
      }
    }
    if (options.network && fix.cell) position.network = gsmNetwork([fix.cell]);
  }
  const deviceTime = options.deviceTime === 'fix' ? (position.outdated ? null : fix?.time) : options.deviceTime;
  position.deviceTime = iso(deviceTime);
  return position;
}

/** Sets an attribute when the value is defined (and, for text, not empty). */
export function put(attributes: PositionAttributes, key: string, value: string | number | boolean | undefined): void {
  if (value === undefined || value === '' || (typeof value === 'number' && !Number.isFinite(value))) return;
  attributes[key] = value;
}

/** A 17-character vehicle identification number (letters and digits, with at least one digit and one letter). */
export const isVin = (text: string | undefined): boolean =>
  /^[0-9A-Z]{17}$/.test(text ?? '') && /[A-Z]/.test(text ?? '') && /\d/.test(text ?? '');

/**
 * The `<device status>` field (`ignition/motion state` `digital inputs` `digital outputs`, hex pairs): ignition
 * from the state (1x off, 2x on; 4x has no ignition), inputs 1–2 at bits 1–2, outputs 1–2 at bits 0–1.
 */
export function putDeviceStatus(attributes: PositionAttributes, status: string): void {
  const state = status.slice(0, 1);
  if (state === '1') attributes.ignition = false;
  else if (state === '2') attributes.ignition = true;
  const input = Number.parseInt(status.slice(2, 4), 16);
  const output = Number.parseInt(status.slice(4, 6), 16);
  attributes.input = input;
  attributes.in1 = (input & 2) !== 0;
  attributes.in2 = (input & 4) !== 0;
  attributes.output = output;
  attributes.out1 = (output & 1) !== 0;
  attributes.out2 = (output & 2) !== 0;
}

export const RE_STATUS = /^[0-9A-Fa-f]{6}$/;

/** Index of the field that comes after the device name (one later when a VIN precedes the name). */
export const afterName = (message: Gl200Text): number => (isVin(message.fields[3]) ? 5 : 4);
