import type { CellTower, Network, WifiAccessPoint } from '@waymark/contracts/position';
import type { PositionDraft } from './position-draft';
import { emptyPosition } from './position-draft';

/**
 * Small helpers shared by the jt808, watch and tk103 decoders: a position under construction, Traccar's Network
 * shape (towers and access points kept once each, as Traccar's sets do) and ISO times.
 */
export type Attributes = Record<string, string | number | boolean | null>;
export type Draft = PositionDraft;

export const newDraft = emptyPosition;

/** ISO-8601 UTC with milliseconds; throws on an impossible date so that a garbled frame is refused. */
export function isoOf(time: Date | number): string {
  const date = typeof time === 'number' ? new Date(time) : time;
  if (Number.isNaN(date.getTime())) throw new Error('invalid date');
  return date.toISOString();
}

/** Device and fix time at once (a GNSS record stamps both). */
export function setFixTime(position: Draft, time: Date | number): void {
  const iso = isoOf(time);
  position.deviceTime = iso;
  position.fixTime = iso;
}

/** The message has no location of its own (status, alarm, cell-only): Traccar reuses the last known one. */
export function markOutdated(position: Draft, deviceTime?: Date | number | null): Draft {
  position.outdated = true;
  position.fixTime = null;
  position.valid = false;
  position.latitude = 0;
  position.longitude = 0;
  position.altitude = 0;
  position.speed = 0;
  position.course = 0;
  position.deviceTime = deviceTime === undefined || deviceTime === null ? null : isoOf(deviceTime);
  return position;
}

/** Appends an alarm the way Traccar's Position.addAlarm does ("a,b"), keeping each value once. */
export function addAlarm(position: Draft, alarm: string | null | undefined): void {
  if (!alarm) return;
  const current = position.attributes.alarm;
  if (typeof current !== 'string' || current === '') {
    position.attributes.alarm = alarm;
  } else if (!current.split(',').includes(alarm)) {
    position.attributes.alarm = `${current},${alarm}`;
  }
}

const MAC = /^[0-9a-fA-F]{2}(:[0-9a-fA-F]{2}){5}$/;

/** Collects cell towers and Wi-Fi access points; build() returns null when there are none. */
export class NetworkBuilder {
  private readonly cells = new Map<string, CellTower>();
  private readonly wifi = new Map<string, WifiAccessPoint>();

  /** Adds a tower when its identifiers fit the contract's ranges (a garbled one is left out). */
  addCell(mcc: number, mnc: number, lac: number, cid: number, signalStrength?: number): void {
    const ok = inRange(mcc, 0, 999) && inRange(mnc, 0, 999) && inRange(lac, 0, 65535) && inRange(cid, 0, 268435455);
    if (!ok) return;
    const tower: CellTower = {
      mobileCountryCode: mcc,
      mobileNetworkCode: mnc,
      locationAreaCode: lac,
      cellId: cid,
    };
    if (signalStrength !== undefined && Number.isFinite(signalStrength)) tower.signalStrength = signalStrength + 0;
    this.cells.set(JSON.stringify(tower), tower);
  }

  /** Adds an access point when the MAC reads aa:bb:cc:dd:ee:ff (as sent, case kept). */
  addWifi(macAddress: string, signalStrength?: number, channel?: number): void {
    if (!MAC.test(macAddress)) return;
    const point: WifiAccessPoint = { macAddress };
    if (signalStrength !== undefined && Number.isFinite(signalStrength)) point.signalStrength = signalStrength + 0;
    if (channel !== undefined && Number.isInteger(channel)) point.channel = channel;
    this.wifi.set(JSON.stringify(point), point);
  }

  get empty(): boolean {
    return this.cells.size === 0 && this.wifi.size === 0;
  }

  build(): Network | null {
    if (this.empty) return null;
    const network: Network = { radioType: 'gsm', considerIp: false };
    if (this.cells.size > 0) network.cellTowers = [...this.cells.values()];
    if (this.wifi.size > 0) network.wifiAccessPoints = [...this.wifi.values()];
    return network;
  }
}

function inRange(value: number, min: number, max: number): boolean {
  return Number.isInteger(value) && value >= min && value <= max;
}
