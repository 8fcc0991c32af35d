import { strictIsoTime } from '../../codec/dates';
import { addCellTower, cellTower } from '../../codec/network';
import type { PositionDraft } from '../../codec/position-builder';
import { addAlarm, newPositionAt, setAttribute, setLocation } from '../../codec/position-builder';
import { knotsFromKph } from '../../codec/units';
import type { DecodeResult, Decoder } from '../protocol.types';

/** Message types (new layouts) and alarm fields (old layout) that name an alarm; AA is a timed report. */
const ALARMS: Readonly<Record<string, string>> = {
  '01': 'sos',
  '02': 'overspeed',
};

/** Alarm bits of the 32-bit vehicle status (AT07/AT09, bit 31 = the first hex digit's top bit). */
const STATUS_ALARMS: readonly (readonly [number, string])[] = [
  [31, 'sos'],
  [29, 'overspeed'],
  [27, 'geofenceExit'],
  [26, 'geofenceEnter'],
  [25, 'gpsAntennaCut'],
];

/**
 * Totem Tech trackers (AT03/AT05/AT07/AT09/…) over TCP, text frames opening with `$$` and their length:
 *
 * - newer layouts: `$$<len 4 digits><type 2><imei>|<data><xor 2 hex>`. Type AA is a timed report and other
 *   two-digit types are alarm reports, both in fixed-width fields (vehicle status, time, battery, power, analog
 *   inputs and temperature sensors as the length allows, cell, satellites, signal, course, speed, HDOP, odometer,
 *   latitude, longitude, serial number); the server acknowledges them with `$$0014AA<serial><xor>`. E2 is an RFID /
 *   iButton read, E5 an OBD report and E6 a bare position, all comma separated. BB (no `|`) is a heartbeat.
 * - the oldest layout: `$$<len 2 hex><id>|<alarm 2><report>|…|<crc16>`, the report being an NMEA `$GPRMC` sentence
 *   or `|`-separated fields, followed by DOPs, I/O bits, battery and power, cell, odometer and serial number.
 *
 * Checksums are not enforced (see docs/protocols.md).
 */
export const decodeTotem: Decoder<Buffer> = (frame) => {
  const text = frame.toString('latin1');
  if (!text.startsWith('$$') || text.length < 20) throw new Error('totem: not a message');
  const first = text.charAt(2);
  if (first === '0' || first === '1') return decodeNew(text);
  return decodeOld(text);
};

function decodeNew(text: string): DecodeResult {
  if (!/^\$\$\d{4}/.test(text)) throw new Error('totem: bad length');
  const type = text.slice(6, 8);
  const pipe = text.indexOf('|');
  if (pipe < 0) {
    // heartbeat: $$<len>BB<imei><xor>
    const id = /^\d{6,20}/.exec(text.slice(8, -2));
    if (!id) throw new Error('totem: no device id');
    return { messages: [], uniqueId: id[0] };
  }
  const uniqueId = text.slice(8, pipe);
  if (!/^\d{6,20}$/.test(uniqueId)) throw new Error('totem: bad device id');
  const body = text.slice(pipe + 1);
  const result: DecodeResult = { messages: [], uniqueId };
  if (type === 'E2' || type === 'E5' || type === 'E6') {
    const end = body.lastIndexOf('|');
    const position = decodeCommaReport(type, (end < 0 ? body : body.slice(0, end)).split(','));
    if (position) result.messages.push(position);
    return result;
  }
  const report = decodeFixedReport(type, body);
  result.messages.push(report.position);
  const ack = `$$0014AA${report.serial}`;
  result.ack = `${ack}${xorOf(ack)}`;
  return result;
}

/** `<yyMMddHHmmss>,<lon>,<lat>,…`: E2 carries the driver's RFID / iButton id, E5 the OBD values. */
function decodeCommaReport(type: string, fields: string[]): PositionDraft | null {
  const time = shortTime(fields[0]);
  if (!time) throw new Error('totem: bad time');
  const position = newPositionAt(time);
  setLocation(position, decimal(fields[2]), decimal(fields[1]));
  position.valid = true;
  if (type === 'E2') {
    if (fields[3]) setAttribute(position, 'driverUniqueId', fields[3]);
  } else if (type === 'E5') {
    // $Cloud,<odometer>,<fuel used>,<fuel consumption>,<power mV>,<rpm>,<speed>,…,…,<coolant>,<intake>,<load>,<throttle>,<fuel>
    const obd = fields.slice(4).map((f) => (f === '' ? undefined : integer(f)));
    const keys = ['odometer', 'fuelUsed', 'fuelConsumption', 'power', 'rpm', 'obdSpeed', '', '', 'coolantTemp'];
    keys.push('intakeTemp', 'engineLoad', 'throttle', 'fuel');
    keys.forEach((key, i) => {
      const value = obd[i];
      if (key === '' || value === undefined) return;
      setAttribute(position, key, key === 'power' ? value / 1000 : value);
    });
  }
  return position;
}

/**
 * `<status 8 hex><yyMMddHHmmss><battery d.d><power dd>[<adc 4 hex>…<temp 4 hex>…]<lac 4 hex><cell 4 hex><sat 2>
 * <signal 2><course 3><kph 3><hdop 4><odometer km 7><lat ddmm.mmmmH><lon dddmm.mmmmH><serial 4><xor 2>`. The sensor
 * block is 4 characters (analog input 1), 12 (plus two temperature sensors) or 24 (analog inputs 1-4 and two
 * temperature sensors); the temperature values are kept out (their encoding is not documented).
 */
function decodeFixedReport(type: string, body: string): { position: PositionDraft; serial: string } {
  const m =
    /^([0-9A-F]{8})(\d{12})(\d)(\d)(\d\d)((?:[0-9A-F]{4})*)([0-9A-F]{4})([0-9A-F]{4})(\d\d)(\d\d)(\d{3})(\d{3})(\d\d\.\d)(\d{7})(\d{4}\.\d{4})([NS])(\d{5}\.\d{4})([EW])(\w{4})[0-9A-Fa-f]{2}$/.exec(
      body,
    );
  if (!m) throw new Error('totem: bad report');
  const g = (i: number) => m[i] as string;
  const time = shortTime(g(2));
  if (!time) throw new Error('totem: bad time');
  const position = newPositionAt(time);
  setLocation(position, degrees(g(15), 2, g(16) === 'S'), degrees(g(17), 3, g(18) === 'W'));
  const sat = Number(g(9));
  position.valid = sat > 0;
  position.course = Number(g(11));
  position.speed = knotsFromKph(Number(g(12)));
  addAlarm(position, ALARMS[type]);
  const status = Number.parseInt(g(1), 16);
  for (const [bit, alarm] of STATUS_ALARMS) if (bitOf(status, bit)) addAlarm(position, alarm);
  setAttribute(position, 'ignition', bitOf(status, 30));
  setAttribute(position, 'charge', bitOf(status, 28));
  for (let i = 1; i <= 3; i++) setAttribute(position, `out${i}`, bitOf(status, 24 - i));
  setAttribute(position, 'status', status);
  setAttribute(position, 'battery', Number(`${g(3)}.${g(4)}`));
  setAttribute(position, 'power', Number(g(5)));
  const sensors = g(6).match(/.{4}/g) ?? [];
  const adcs = sensors.length >= 6 ? 4 : 1;
  sensors.slice(0, adcs).forEach((adc, i) => {
    setAttribute(position, `adc${i + 1}`, adc);
  });
  setAttribute(position, 'sat', sat);
  setAttribute(position, 'hdop', Number(g(13)));
  setAttribute(position, 'odometer', Number(g(14)) * 1000);
  addCellTower(position, cellTower(0, 0, Number.parseInt(g(7), 16), Number.parseInt(g(8), 16), -Number(g(10))));
  return { position, serial: g(19) };
}

function decodeOld(text: string): DecodeResult {
  if (!/^\$\$[0-9A-Fa-f]{2}/.test(text)) throw new Error('totem: bad length');
  const parts = text.slice(4).split('|');
  const uniqueId = parts[0] as string;
  if (!/^\d{1,20}$/.test(uniqueId) || parts.length < 10) throw new Error('totem: bad message');
  const result: DecodeResult = { messages: [], uniqueId };
  const report = parts[1] as string;
  const alarm = ALARMS[report.slice(0, 2)];
  // the CRC and, from some firmware, an empty field before it
  let end = parts.length - 1;
  if (parts[end - 1] === '') end -= 1;
  const position = report.startsWith('$GPRMC', 2)
    ? decodeRmcReport(report.slice(2), parts.slice(2, end))
    : decodePipeReport(report.slice(2), parts.slice(2, end));
  if (position) {
    addAlarm(position, alarm);
    result.messages.push(position);
  }
  return result;
}

/** `$GPRMC,…|<pdop>|<hdop>|<vdop>|<io bits>|<yyyyMMddHHmmss>|<battery+power>|[<adc>|]<cell>|<temp>|<km>|<serial>` */
function decodeRmcReport(sentence: string, fields: string[]): PositionDraft | null {
  const rmc =
    /^\$GPRMC,(\d\d)(\d\d)(\d\d)(?:\.\d+)?,([AV]),(\d+\.\d+),([NS]),(\d+\.\d+),([EW]),(\d*\.?\d*),(\d*\.?\d*),(\d\d)(\d\d)(\d\d),/.exec(
      sentence,
    );
  if (!rmc || fields.length < 10 || fields.length > 11) return null;
  const r = (i: number) => Number(rmc[i]);
  const time = timeOf(2000 + r(13), r(12), r(11), r(1), r(2), r(3));
  if (!time) return null;
  const position = newPositionAt(time);
  setLocation(position, degrees(rmc[5] as string, 2, rmc[6] === 'S'), degrees(rmc[7] as string, 3, rmc[8] === 'W'));
  position.valid = rmc[4] === 'A';
  position.speed = rmc[9] ? decimal(rmc[9]) : 0;
  position.course = rmc[10] ? decimal(rmc[10]) : 0;
  const [pdop, hdop, vdop, io, , power] = fields;
  setAttribute(position, 'pdop', decimal(pdop));
  setAttribute(position, 'hdop', decimal(hdop));
  setAttribute(position, 'vdop', decimal(vdop));
  const bits = binary(io);
  setAttribute(position, 'status', bits);
  // in1-in4 are bits 4-7 of the I/O field, out1-out2 bits 8-9
  for (let i = 1; i <= 4; i++) setAttribute(position, `in${i}`, bitOf(bits, i + 3));
  for (let i = 1; i <= 2; i++) setAttribute(position, `out${i}`, bitOf(bits, i + 7));
  batteryAndPower(position, power, 3);
  const tail = fields.slice(6);
  if (tail.length === 5) setAttribute(position, 'adc1', hexText(tail.shift()));
  addCell(position, tail[0]);
  setAttribute(position, 'odometer', decimal(tail[2]) * 1000);
  return position;
}

/** `<ddMMyyHHmmss>|<A|V>|<lat>|<N|S>|<lon>|<E|W>|<knots>|<course>|<hdop>|<io bits>|<battery+power>|<adc>|<cell>|<temp>|<km>|<serial>` */
function decodePipeReport(time: string, fields: string[]): PositionDraft | null {
  const stamp = shortTime(time.replace(/^(\d\d)(\d\d)(\d\d)/, '$3$2$1'));
  const [validity, lat, ns, lon, ew, speed, course, hdop, io, power, adc, cell, , odometer] = fields;
  if (!stamp || (validity !== 'A' && validity !== 'V') || fields.length !== 15) return null;
  const position = newPositionAt(stamp);
  setLocation(position, degrees(lat, 2, ns === 'S'), degrees(lon, 3, ew === 'W'));
  position.valid = validity === 'A';
  position.speed = decimal(speed);
  position.course = decimal(course);
  setAttribute(position, 'hdop', decimal(hdop));
  const bits = binary(io);
  setAttribute(position, 'status', bits);
  // from bit 0: antenna, charge, in1-in6, out1-out4
  setAttribute(position, 'antenna', bitOf(bits, 0));
  setAttribute(position, 'charge', bitOf(bits, 1));
  for (let i = 1; i <= 6; i++) setAttribute(position, `in${i}`, bitOf(bits, i + 1));
  for (let i = 1; i <= 4; i++) setAttribute(position, `out${i}`, bitOf(bits, i + 7));
  batteryAndPower(position, power, 2);
  setAttribute(position, 'adc1', hexText(adc));
  addCell(position, cell);
  setAttribute(position, 'odometer', decimal(odometer) * 1000);
  return position;
}

/** `<1 digit><battery: 3 digits, V×100 | 2 digits, V×10><power, as sent>` */
function batteryAndPower(position: PositionDraft, text: string | undefined, digits: number): void {
  if (!text || !/^\d+$/.test(text) || text.length < digits + 2) throw new Error(`totem: bad power: ${text}`);
  setAttribute(position, 'battery', Number(text.slice(1, 1 + digits)) / 10 ** (digits - 1));
  setAttribute(position, 'power', Number(text.slice(1 + digits)));
}

/** `<lac 4 hex><cell id 4 hex>`; all zero is no cell. */
function addCell(position: PositionDraft, text: string | undefined): void {
  if (!text || !/^[0-9A-Fa-f]{8}$/.test(text)) throw new Error(`totem: bad cell: ${text}`);
  const lac = Number.parseInt(text.slice(0, 4), 16);
  const cid = Number.parseInt(text.slice(4), 16);
  if (lac !== 0 || cid !== 0) addCellTower(position, cellTower(0, 0, lac, cid));
}

function shortTime(text: string | undefined): string | null {
  const m = /^(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)$/.exec(text ?? '');
  if (!m) return null;
  return timeOf(2000 + Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]));
}

function timeOf(year: number, month: number, day: number, hour: number, minute: number, second: number): string | null {
  try {
    return strictIsoTime(year, month, day, hour, minute, second);
  } catch {
    return null;
  }
}

/** `(d)ddmm.mmmm` to signed degrees. */
function degrees(text: string | undefined, degreeDigits: number, negative: boolean): number {
  if (!text || !/^\d+\.\d+$/.test(text) || text.indexOf('.') !== degreeDigits + 2)
    throw new Error(`totem: bad coordinate: ${text}`);
  const value = Number(text.slice(0, degreeDigits)) + Number(text.slice(degreeDigits)) / 60;
  return negative ? -value : value;
}

const bitOf = (value: number, bit: number) => Math.floor(value / 2 ** bit) % 2 === 1;

function binary(text: string | undefined): number {
  if (!text || !/^[01]{1,32}$/.test(text)) throw new Error(`totem: bad I/O bits: ${text}`);
  return Number.parseInt(text, 2);
}

function hexText(text: string | undefined): string {
  if (!text || !/^[0-9A-Fa-f]{1,8}$/.test(text)) throw new Error(`totem: bad value: ${text}`);
  return text;
}

function decimal(text: string | undefined): number {
  if (text === undefined || !/^-?\d+(\.\d+)?$/.test(text)) throw new Error(`totem: not a number: ${text}`);
  return Number(text);
}

function integer(text: string): number {
  if (!/^-?\d{1,12}$/.test(text)) throw new Error(`totem: not an integer: ${text}`);
  return Number(text);
}

/** Two uppercase hex digits: the XOR of every byte of `text`. */
export function xorOf(text: string): string {
  let xor = 0;
  for (let i = 0; i < text.length; i++) xor ^= text.charCodeAt(i);
  return xor.toString(16).toUpperCase().padStart(2, '0');
}
