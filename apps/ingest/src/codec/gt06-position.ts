import type { CellTower, Network, WifiAccessPoint } from '@waymark/contracts/position';
import type { PositionDraft } from './position-draft';
import { emptyPosition } from './position-draft';

/**
 * A decoded position under construction, with the helpers Traccar's decoders lean on (set an attribute only when it
 * has a value, append alarms, "no location of its own"). Shared by the gt06, h02 and gps103 decoders.
 */
export type { PositionDraft };

export const newPosition = emptyPosition;

/** Device and fix time at once (a GNSS record stamps both). */
export function setTime(position: PositionDraft, time: Date): void {
  const iso = isoTime(time);
  position.deviceTime = iso;
  position.fixTime = iso;
}

/**
 * The message carries no location of its own (status, alarm, cell-only): the pipeline reuses the last known one.
 * A time the message does carry becomes the device time.
 */
export function markOutdated(position: PositionDraft, deviceTime?: Date | null): void {
  position.outdated = true;
  if (deviceTime) position.deviceTime = isoTime(deviceTime);
}

/** Sets an attribute unless the value is missing (undefined/null/NaN) or an empty string, as Traccar does. */
export function setAttribute(
  position: PositionDraft,
  key: string,
  value: string | number | boolean | null | undefined,
): void {
  if (value === undefined || value === null || value === '') return;
  if (typeof value === 'number' && !Number.isFinite(value)) return;
  position.attributes[key] = value;
}

/** Appends an alarm to the comma-separated `alarm` attribute (Traccar's addAlarm). */
export function addAlarm(position: PositionDraft, alarm: string | null | undefined): void {
  if (!alarm) return;
  const current = position.attributes.alarm;
  position.attributes.alarm = typeof current === 'string' && current !== '' ? `${current},${alarm}` : alarm;
}

export function cellTower(
  mobileCountryCode: number,
  mobileNetworkCode: number,
  locationAreaCode: number,
  cellId: number,
  signalStrength?: number,
): CellTower {
  const tower: CellTower = { cellId, locationAreaCode, mobileCountryCode, mobileNetworkCode };
  if (signalStrength !== undefined) tower.signalStrength = signalStrength;
  return tower;
}

export function emptyNetwork(): Network {
  return { radioType: 'gsm', considerIp: false };
}

/** Adds a cell tower unless the same one is already listed (Traccar keeps them as a set). */
export function addCellTower(position: PositionDraft, tower: CellTower): void {
  const network = position.network;
  if (network === null || network === undefined) {
    // the common case, built in one go: what emptyNetwork() plus a first tower gives
    position.network = { radioType: 'gsm', considerIp: false, cellTowers: [tower] };
    return;
  }
  const towers = network.cellTowers ?? [];
  if (towers.length === 0) towers.push(tower);
  else {
    const key = JSON.stringify(tower);
    if (!towers.some((t) => JSON.stringify(t) === key)) towers.push(tower);
  }
  network.cellTowers = towers;
}

export function addWifiAccessPoint(position: PositionDraft, point: WifiAccessPoint): void {
  const network = position.network ?? emptyNetwork();
  const points = network.wifiAccessPoints ?? [];
  const key = JSON.stringify(point);
  if (!points.some((p) => JSON.stringify(p) === key)) points.push(point);
  network.wifiAccessPoints = points;
  position.network = network;
}

/** aa:bb:cc:dd:ee:ff from six bytes. */
export function macAddress(bytes: Uint8Array): string {
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join(':');
}

/**
 * A UTC date from calendar fields the way Java's lenient Calendar builds it (two-digit years are 20xx; out-of-range
 * fields roll over, e.g. month 0 is December of the year before).
 */
export function utcDate(year: number, month: number, day: number, hour = 0, minute = 0, second = 0, ms = 0): Date {
  const fullYear = year < 100 ? year + 2000 : year;
  const date = new Date(0);
  date.setUTCFullYear(fullYear, month - 1, day);
  date.setUTCHours(hour, minute, second, ms);
  return date;
}

/** ISO-8601 with milliseconds; throws on an unrepresentable date instead of returning garbage. */
export function isoTime(date: Date): string {
  if (Number.isNaN(date.getTime())) throw new Error('invalid date');
  return date.toISOString();
}

/** Days in each month of a common year (February is checked against leap years apart). */
const MONTH_DAYS = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * isoTime(utcDate(year, month, day, hour, minute, second)) for integer fields, formatted straight from the fields
 * when they name a real calendar second of the years 1000-9999 (no Date, no rollover to resolve); other fields go
 * the lenient way of utcDate.
 */
export function isoTimeOf(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
): string {
  const fullYear = year < 100 ? year + 2000 : year;
  if (
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    (day <= (MONTH_DAYS[month] as number) ||
      (month === 2 && day === 29 && fullYear % 4 === 0 && (fullYear % 100 !== 0 || fullYear % 400 === 0))) &&
    hour >= 0 &&
    hour < 24 &&
    minute >= 0 &&
    minute < 60 &&
    second >= 0 &&
    second < 60 &&
    fullYear >= 1000 &&
    fullYear <= 9999 &&
    Number.isInteger(fullYear) &&
    Number.isInteger(day) &&
    Number.isInteger(hour) &&
    Number.isInteger(minute) &&
    Number.isInteger(second)
  ) {
    // one flat string from its 24 character codes: several times quicker than concatenating the parts
    const century = (fullYear / 100) | 0;
    const years = fullYear - century * 100;
    return String.fromCharCode(
      48 + ((century / 10) | 0),
      48 + (century % 10),
      48 + ((years / 10) | 0),
      48 + (years % 10),
      45, // -
      48 + ((month / 10) | 0),
      48 + (month % 10),
      45, // -
      48 + ((day / 10) | 0),
      48 + (day % 10),
      84, // T
      48 + ((hour / 10) | 0),
      48 + (hour % 10),
      58, // :
      48 + ((minute / 10) | 0),
      48 + (minute % 10),
      58, // :
      48 + ((second / 10) | 0),
      48 + (second % 10),
      46, // .
      48,
      48,
      48,
      90, // Z
    );
  }
  return isoTime(utcDate(year, month, day, hour, minute, second));
}
