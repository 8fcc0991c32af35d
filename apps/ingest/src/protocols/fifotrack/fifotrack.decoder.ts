import { isoTimeOf } from '../../codec/dates';
import { addCellTower, addWifiAccessPoint, cellTower } from '../../codec/network';
import type { PositionDraft } from '../../codec/position-builder';
import { addAlarm, newPositionAt, setAttribute, setLocation } from '../../codec/position-builder';
import { knotsFromKph } from '../../codec/units';
import type { DecodeResult, Decoder } from '../protocol.types';

/** Event codes of the reports that name an alarm. */
const ALARMS: Readonly<Record<string, string>> = {
  '2': 'sos',
  '14': 'lowPower',
  '15': 'powerCut',
  '16': 'powerRestored',
  '17': 'lowBattery',
  '18': 'overspeed',
  '20': 'gpsAntennaCut',
  '21': 'vibration',
  '23': 'hardAcceleration',
  '24': 'hardBraking',
  '27': 'fatigueDriving',
};

/**
 * Fifotrack (A100/A300/A600, S50, Q-series) over TCP: `$$<len>,<imei>,<work-no>,<cmd-code>,<params>*<xor>`. A00/A01
 * are GPS reports, A03 a GPS, or cell and Wi-Fi, report; D05/D06 announce and carry photos (no position), B-series
 * and other codes are command replies (no position). The device expects no acks. The XOR checksum is not enforced
 * (real devices miscount, see docs/protocols.md).
 */
export const decodeFifotrack: Decoder<Buffer> = (frame) => {
  const head = frame.subarray(0, Math.min(frame.length, 64)).toString('latin1');
  const header = /^\$\$\d+,(\w+),([0-9A-Fa-f]+),([A-Z]\d\d),/.exec(head);
  if (!header) throw new Error('fifotrack: not a message');
  const uniqueId = header[1] as string;
  const code = header[3] as string;
  const result: DecodeResult = { messages: [], uniqueId };
  if (code !== 'A00' && code !== 'A01' && code !== 'A03') return result;
  const text = frame.toString('latin1');
  const star = text.lastIndexOf('*');
  const fields = text.slice(header[0].length, star < 0 ? text.length : star).split(',');
  const position = code === 'A03' ? decodeA03(fields) : decodeA01(fields);
  if (position) result.messages.push(position);
  return result;
};

/** `<event>,<yyMMddHHmmss>,<A|V>,<lat>,<lon>,<kph>,<course>,<alt>,<odometer>,<hours s>,<status>,<in>,<out>,<cell>,<adc>[,<driver>]` */
function decodeA01(fields: string[]): PositionDraft | null {
  const [event, time, validity, lat, lon, speed, course, altitude, odometer, hours, status, input, output, cell, adc] =
    fields;
  const stamp = timeOf(time);
  if (!stamp || (validity !== 'A' && validity !== 'V') || status === undefined || !/^[0-9A-Fa-f]+$/.test(status))
    return null;
  const position = newPositionAt(stamp);
  setLocation(position, decimal(lat), decimal(lon));
  position.valid = validity === 'A';
  position.speed = knotsFromKph(decimal(speed));
  position.course = decimal(course);
  position.altitude = decimal(altitude);
  addAlarm(position, ALARMS[event ?? '']);
  setAttribute(position, 'odometer', decimal(odometer));
  setAttribute(position, 'hours', decimal(hours) * 1000);
  const flags = Number.parseInt(status, 16);
  setAttribute(position, 'rssi', Math.floor(flags / 8) % 32);
  setAttribute(position, 'sat', Math.floor(flags / 0x10000000) % 16);
  setAttribute(position, 'status', flags);
  if (input) setAttribute(position, 'input', hex(input));
  if (output) setAttribute(position, 'output', hex(output));
  addCell(position, cell);
  (adc ?? '').split('|').forEach((value, i) => {
    if (value !== '') setAttribute(position, `adc${i + 1}`, hex(value));
  });
  const driver = fields[15];
  if (driver) {
    if (/^[0-9A-Fa-f]{1,14}$/.test(driver)) setAttribute(position, 'driverUniqueId', String(hex(driver)));
    else setAttribute(position, 'card', driver);
  }
  return position;
}

/**
 * `<event>,<yyMMddHHmmss>,<cell>,<battery V>,<battery %>,<status>,<type>,…`: type 0 is GPS (`<A|V>,<kph>,<sat>,
 * <lat>,<lon>`), type 1 Wi-Fi (`<mac>:<rssi>|…`); the cell is always there.
 */
function decodeA03(fields: string[]): PositionDraft | null {
  const [event, time, cell, battery, batteryLevel, status, type] = fields;
  const stamp = timeOf(time);
  if (!stamp || status === undefined || !/^[0-9A-Fa-f]+$/.test(status)) return null;
  const position = newPositionAt(null);
  position.deviceTime = stamp;
  addAlarm(position, ALARMS[event ?? '']);
  addCell(position, cell);
  setAttribute(position, 'battery', decimal(battery));
  setAttribute(position, 'batteryLevel', decimal(batteryLevel));
  setAttribute(position, 'status', hex(status));
  if (type === '0') {
    const [validity, speed, sat, lat, lon] = fields.slice(7);
    if (validity !== 'A' && validity !== 'V') return null;
    position.fixTime = stamp;
    setLocation(position, decimal(lat), decimal(lon));
    position.valid = validity === 'A';
    position.speed = knotsFromKph(decimal(speed));
    setAttribute(position, 'sat', decimal(sat));
  } else if (type === '1') {
    for (const ap of (fields[7] ?? '').split('|')) {
      const wifi = /^([0-9A-Fa-f]{12}):(-?\d+)$/.exec(ap);
      if (!wifi) continue;
      const mac = (wifi[1] as string).toUpperCase().replace(/(..)(?!$)/g, '$1:');
      addWifiAccessPoint(position, { macAddress: mac, signalStrength: Number(wifi[2]) });
    }
  }
  return position;
}

function timeOf(text: string | undefined): string | null {
  const m = /^(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)$/.exec(text ?? '');
  if (!m) return null;
  return isoTimeOf(Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]));
}

function addCell(position: PositionDraft, text: string | undefined): void {
  const cell = /^(\d+)\|(\d+)\|([0-9A-Fa-f]+)\|([0-9A-Fa-f]+)$/.exec(text ?? '');
  if (cell)
    addCellTower(position, cellTower(Number(cell[1]), Number(cell[2]), hex(cell[3] as string), hex(cell[4] as string)));
}

function decimal(text: string | undefined): number {
  if (text === undefined || !/^-?\d+(\.\d+)?$/.test(text)) throw new Error(`fifotrack: not a number: ${text}`);
  return Number(text);
}

function hex(text: string): number {
  if (!/^[0-9A-Fa-f]{1,14}$/.test(text)) throw new Error(`fifotrack: not hexadecimal: ${text}`);
  return Number.parseInt(text, 16);
}
