import type { CellTower, WifiAccessPoint } from '@waymark/contracts/position';
import { newPositionAt } from '../../codec/position-builder';
import type { DecodedPosition } from '../protocol.types';
import type { Gl200Text } from './gl200-text';
import { afterName, cellTower, hex, int, iso, isVin, num, put, queclinkTime } from './gl200-text';

/**
 * GTINF, the device information report: `<name>,<state>,<ICCID>,<CSQ RSSI>,<CSQ BER>,<external power supply>,
 * <power mV | mileage km>,<reserved>,<backup battery V>,<charging>,<LED>,…,<last fix time>,…`. Returns null when the
 * message is too short to be one (Traccar decodes nothing then).
 */
export function decodeInfo(message: Gl200Text): DecodedPosition | null {
  const { fields, end } = message;
  const s = isVin(fields[3]) ? 5 : 4;
  if (end < s + 14 || !/^\d{1,2}$/.test(fields[s + 2] ?? '')) return null;
  const position = newPositionAt();
  position.deviceTime = iso(message.sendTime);
  const a = position.attributes;
  const state = fields[s] ?? '';
  if (/^[0-9A-F]{2}$/.test(state)) {
    if (state[0] === '1') a.ignition = false;
    else if (state[0] === '2') a.ignition = true;
    a.motion = state[1] !== '1';
  }
  put(a, 'iccid', fields[s + 1]);
  put(a, 'rssi', int(fields[s + 2]));
  const powerOrMileage = fields[s + 5] ?? '';
  if (/^\d+\.\d+$/.test(powerOrMileage)) a.odometer = Number(powerOrMileage) * 1000;
  else if (/^\d+$/.test(powerOrMileage)) a.power = Number(powerOrMileage) / 1000;
  const power2 = int(fields[s + 6]);
  if (power2 !== undefined) a.power2 = power2 / 1000;
  put(a, 'battery', num(fields[s + 7]));
  if (fields[s + 9] === '1') a.charge = true;

  const fixAt = fields.findIndex((f, i) => i > s + 9 && i < end && queclinkTime(f) !== null);
  if (fixAt > 0) {
    const zoneAt = fields.findIndex((f, i) => i > fixAt && i < end && /^[+-]\d{4}$/.test(f));
    if (zoneAt < 0) {
      // Asset trackers: <last fix time>,<battery %>,…
      const level = int(fields[fixAt + 1]);
      if (level !== undefined && level <= 100) a.batteryLevel = level;
    } else if (zoneAt - fixAt === 7) {
      // <reserved>,<analog 1>,<analog 2>,<analog 3>,<digital input>,<digital output>,<time zone>
      for (let i = 1; i <= 3; i++) put(a, `adc${i}`, int(fields[fixAt + 1 + i]));
    }
  }
  a.type = message.type;
  return position;
}

/** GTVER: `<name>,<device type>,<firmware version hex>,<hardware version hex>`. */
export function decodeVersion(message: Gl200Text): DecodedPosition {
  const position = newPositionAt();
  position.deviceTime = iso(message.sendTime);
  const first = afterName(message);
  put(position.attributes, 'deviceType', message.fields[first]);
  put(position.attributes, 'versionFw', hex(message.fields[first + 1]));
  put(position.attributes, 'versionHw', hex(message.fields[first + 2]));
  position.attributes.type = message.type;
  return position;
}

/**
 * GTGSM (GL500 cell scan): `<fix type>`, then cells as `<MCC>,<MNC>,<LAC>,<cell id>,<RX level>,<reserved>`: the
 * neighbour cells, and last the serving cell, which Traccar leaves out. No time of its own.
 */
export function decodeCells(message: Gl200Text): DecodedPosition {
  const { fields, end } = message;
  const position = newPositionAt();
  const towers: CellTower[] = [];
  for (let i = 4; i + 6 <= end - 6; i += 6) {
    const tower = cellTower(fields[i], fields[i + 1], fields[i + 2], fields[i + 3]);
    const level = int(fields[i + 4]);
    if (tower) towers.push(level !== undefined ? { ...tower, signalStrength: -level } : tower);
  }
  if (towers.length > 0) position.network = { radioType: 'gsm', considerIp: false, cellTowers: towers };
  position.attributes.type = message.type;
  return position;
}

/** GTWIF (Wi-Fi scan): `<count>`, then `<MAC>,<RSSI>,<reserved>×3` per access point, …, `<battery %>`. */
export function decodeWifi(message: Gl200Text): DecodedPosition {
  const { fields, end } = message;
  const position = newPositionAt();
  const count = Math.min(int(fields[4]) ?? 0, 64);
  const points: WifiAccessPoint[] = [];
  for (let n = 0, i = 5; n < count && i + 1 < end; n++, i += 5) {
    const mac = fields[i] ?? '';
    if (!/^[0-9A-Fa-f]{12}$/.test(mac)) continue;
    const point: WifiAccessPoint = { macAddress: mac.replace(/(..)(?!$)/g, '$1:') };
    const rssi = int(fields[i + 1]);
    if (rssi !== undefined) point.signalStrength = rssi;
    points.push(point);
  }
  if (points.length > 0) position.network = { radioType: 'gsm', considerIp: false, wifiAccessPoints: points };
  const level = int(fields[end - 1]);
  if (level !== undefined && level <= 100) position.attributes.batteryLevel = level;
  position.attributes.type = message.type;
  return position;
}

/** GTPNA / GTPFA: power on / off, nothing but the header (Traccar gives them no time). */
export function decodePower(message: Gl200Text): DecodedPosition {
  const position = newPositionAt();
  position.attributes.alarm = message.type === 'PNA' ? 'powerOn' : 'powerOff';
  position.attributes.type = message.type;
  return position;
}

/**
 * GTDTT, transparent serial data: `<name>,<reserved>,<reserved>,<data type>,<length>,<data>` with data type 1 as
 * hex. A fuel-level gauge's `COMB,<n>,<fuel>,…` line gives the fuel; other data is kept as `result`.
 */
export function decodeTransparent(message: Gl200Text): DecodedPosition {
  const { fields, end } = message;
  const position = newPositionAt();
  position.deviceTime = iso(message.sendTime);
  const raw = fields[end - 1] ?? '';
  const text =
    fields[end - 3] === '1' && /^([0-9A-Fa-f]{2})+$/.test(raw) ? Buffer.from(raw, 'hex').toString('latin1') : raw;
  const comb = /(?:^|[\r\n])COMB,[^,]*,([^,\r\n]*)/.exec(text);
  const fuel = num(comb?.[1]);
  if (fuel !== undefined) position.attributes.fuel = fuel;
  else put(position.attributes, 'result', text);
  position.attributes.type = message.type;
  return position;
}

/** `+ACK:GTxxx`: a command acknowledgement, kept as its header in `result`. */
export function decodeCommandAck(message: Gl200Text): DecodedPosition {
  const position = newPositionAt();
  position.deviceTime = iso(message.sendTime);
  position.attributes.result = message.fields[0] ?? '';
  return position;
}
