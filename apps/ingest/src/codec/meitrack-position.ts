import type { CellTower, Network, WifiAccessPoint } from '@waymark/contracts/position';
import type { DecodedPosition } from '../protocols/protocol.types';
import { emptyPosition } from './position-draft';

/**
 * Small builders shared by the meitrack, suntech and wialon decoders: an empty position in Traccar's defaults,
 * cell towers and Wi-Fi access points kept only when their values are in range, and the network they form.
 */

/** A position with no location yet (outdated until a decoder sets one), at `time` (ISO-8601) or without a time. */
export function newPosition(time: string | null = null): DecodedPosition {
  return { ...emptyPosition(), deviceTime: time, fixTime: time, outdated: true };
}

/** Sets the location of a position (and clears `outdated`); throws when the coordinates are out of range. */
export function setLocation(position: DecodedPosition, latitude: number, longitude: number): void {
  if (
    !Number.isFinite(latitude) ||
    !Number.isFinite(longitude) ||
    Math.abs(latitude) > 90 ||
    Math.abs(longitude) > 180
  ) {
    throw new Error(`coordinates out of range: ${latitude}, ${longitude}`);
  }
  position.latitude = latitude;
  position.longitude = longitude;
  position.outdated = false;
}

const isInt = (value: number, min: number, max: number) => Number.isInteger(value) && value >= min && value <= max;

/** A GSM cell tower, or null when a value is out of range (an empty or zeroed cell). */
export function cellTower(
  mcc: number,
  mnc: number,
  lac: number,
  cid: number,
  signalStrength?: number,
): CellTower | null {
  if (!isInt(mcc, 0, 999) || !isInt(mnc, 0, 999) || !isInt(lac, 1, 65535) || !isInt(cid, 1, 268435455)) return null;
  const tower: CellTower = {
    mobileCountryCode: mcc,
    mobileNetworkCode: mnc,
    locationAreaCode: lac,
    cellId: cid,
  };
  if (signalStrength !== undefined && Number.isFinite(signalStrength)) tower.signalStrength = signalStrength;
  return tower;
}

/** A Wi-Fi access point from its six MAC bytes, or null when the MAC is not six bytes. */
export function wifiAccessPoint(mac: Uint8Array, signalStrength?: number): WifiAccessPoint | null {
  if (mac.length !== 6) return null;
  const macAddress = [...mac].map((b) => b.toString(16).padStart(2, '0')).join(':');
  return signalStrength === undefined ? { macAddress } : { macAddress, signalStrength };
}

/** Traccar's Network (radio type gsm) of the towers and access points, or null when there are none. */
export function networkOf(
  towers: readonly (CellTower | null)[],
  wifis: readonly (WifiAccessPoint | null)[] = [],
): Network | null {
  const cellTowers = towers.filter((t): t is CellTower => t !== null);
  const wifiAccessPoints = wifis.filter((w): w is WifiAccessPoint => w !== null);
  if (cellTowers.length === 0 && wifiAccessPoints.length === 0) return null;
  return {
    radioType: 'gsm',
    considerIp: false,
    ...(cellTowers.length > 0 ? { cellTowers } : {}),
    ...(wifiAccessPoints.length > 0 ? { wifiAccessPoints } : {}),
  };
}

/** A UTC time from its parts (full year), as ISO-8601; throws when a part is out of range. */
export function utcTime(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): string {
  const valid =
    isInt(year, 1970, 2099) &&
    isInt(month, 1, 12) &&
    isInt(day, 1, 31) &&
    isInt(hour, 0, 23) &&
    isInt(minute, 0, 59) &&
    isInt(second, 0, 60);
  if (!valid) throw new Error(`invalid date ${year}-${month}-${day} ${hour}:${minute}:${second}`);
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second)).toISOString();
}

/** Java's String.trim(): strips every char up to U+0020 at both ends (control bytes included). */
export function javaTrim(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && text.charCodeAt(start) <= 0x20) start++;
  while (end > start && text.charCodeAt(end - 1) <= 0x20) end--;
  return text.slice(start, end);
}
