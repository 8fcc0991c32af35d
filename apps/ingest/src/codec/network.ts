import { type CellTower, MAX_CELL_ID, type Network, type WifiAccessPoint } from '@waymark/contracts/position';
import type { PositionDraft } from './position-builder';

/**
 * The cell towers and Wi-Fi access points of a position, in Traccar's Network shape (radio type gsm). Decoders meet
 * them in three ways, each with its own rule:
 * - one at a time onto the position: addCellTower / addWifiAccessPoint, each kept once, values as sent;
 * - collected while reading, then set once: NetworkBuilder, each kept once, a tower or MAC out of range left out;
 * - a fixed list read in one go: cellTowerInRange for each (null when a value is empty or out of range) and
 *   networkOf for the list, kept in order.
 */

const isInt = (value: number, min: number, max: number) => Number.isInteger(value) && value >= min && value <= max;

/** A GSM cell tower as sent (no range check). */
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

/** A GSM cell tower, or null when a value is out of range (an empty or zeroed cell: LAC and cell id start at 1). */
export function cellTowerInRange(
  mcc: number,
  mnc: number,
  lac: number,
  cid: number,
  signalStrength?: number,
): CellTower | null {
  if (!isInt(mcc, 0, 999) || !isInt(mnc, 0, 999) || !isInt(lac, 1, 65535) || !isInt(cid, 1, MAX_CELL_ID)) return null;
  const tower: CellTower = {
    mobileCountryCode: mcc,
    mobileNetworkCode: mnc,
    locationAreaCode: lac,
    cellId: cid,
  };
  if (signalStrength !== undefined && Number.isFinite(signalStrength)) tower.signalStrength = signalStrength;
  return tower;
}

/** Adds a cell tower unless the same one is already listed (Traccar keeps them as a set). */
export function addCellTower(position: PositionDraft, tower: CellTower): void {
  const network = position.network;
  if (network === null || network === undefined) {
    // the common case, built in one go: an empty network plus a first tower
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

/** Adds an access point unless the same one is already listed. */
export function addWifiAccessPoint(position: PositionDraft, point: WifiAccessPoint): void {
  const network: Network = position.network ?? { radioType: 'gsm', considerIp: false };
  const points = network.wifiAccessPoints ?? [];
  const key = JSON.stringify(point);
  if (!points.some((p) => JSON.stringify(p) === key)) points.push(point);
  network.wifiAccessPoints = points;
  position.network = network;
}

const HEX_PAIRS = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'));

/** aa:bb:cc:dd:ee:ff from six bytes. */
export function macAddress(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i++)
    text += i === 0 ? HEX_PAIRS[bytes[i] as number] : `:${HEX_PAIRS[bytes[i] as number]}`;
  return text;
}

/** A Wi-Fi access point from its six MAC bytes, or null when the MAC is not six bytes. */
export function wifiAccessPoint(mac: Uint8Array, signalStrength?: number): WifiAccessPoint | null {
  if (mac.length !== 6) return null;
  const address = macAddress(mac);
  return signalStrength === undefined ? { macAddress: address } : { macAddress: address, signalStrength };
}

/** The network of the towers and access points (the nulls left out), or null when there are none. */
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

const MAC = /^[0-9a-fA-F]{2}(:[0-9a-fA-F]{2}){5}$/;

/** Collects cell towers and Wi-Fi access points, each once; build() returns null when there are none. */
export class NetworkBuilder {
  private readonly cells = new Map<string, CellTower>();
  private readonly wifi = new Map<string, WifiAccessPoint>();

  /** Adds a tower when its identifiers fit the contract's ranges (a garbled one is left out). */
  addCell(mcc: number, mnc: number, lac: number, cid: number, signalStrength?: number): void {
    const ok = isInt(mcc, 0, 999) && isInt(mnc, 0, 999) && isInt(lac, 0, 65535) && isInt(cid, 0, MAX_CELL_ID);
    if (!ok) return;
    const tower: CellTower = {
      mobileCountryCode: mcc,
      mobileNetworkCode: mnc,
      locationAreaCode: lac,
      cellId: cid,
    };
    if (signalStrength !== undefined && Number.isFinite(signalStrength)) tower.signalStrength = signalStrength + 0;
    this.cells.set(`${mcc}|${mnc}|${lac}|${cid}|${tower.signalStrength}`, tower);
  }

  /** Adds an access point when the MAC reads aa:bb:cc:dd:ee:ff (as sent, case kept). */
  addWifi(macAddress: string, signalStrength?: number, channel?: number): void {
    if (!MAC.test(macAddress)) return;
    const point: WifiAccessPoint = { macAddress };
    if (signalStrength !== undefined && Number.isFinite(signalStrength)) point.signalStrength = signalStrength + 0;
    if (channel !== undefined && Number.isInteger(channel)) point.channel = channel;
    this.wifi.set(`${macAddress}|${point.signalStrength}|${point.channel}`, point);
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
