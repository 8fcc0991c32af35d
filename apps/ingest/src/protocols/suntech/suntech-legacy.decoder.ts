import type { PositionAttributes } from '@waymark/contracts/position';
import { cellTowerInRange, networkOf } from '../../codec/network';
import { newPositionAt, setLocation } from '../../codec/position-builder';
import { knotsFromKph, parseJavaDouble, parseJavaInt } from '../../codec/units';
import type { DecodedPosition, DecodeResult } from '../protocol.types';
import {
  double,
  FieldCursor,
  hexInt,
  int,
  isLatitude,
  type SuntechOptions,
  setAlert,
  suntechTime,
} from './suntech-common';
import { decodeUexData } from './suntech-uex';

/**
 * The legacy reports, `<model><type>;<id>;…` (ST300STT, SA200EMG, ST600UEX, …): [model id;] software version,
 * date, time, [cell [; mcc; mnc; lac; rx level]], latitude, longitude, speed (km/h), course, satellites, fix,
 * distance (m), power (V), I/O (`ignition in1 in2 in3 out1 out2` as 0/1), then per type STT mode and message
 * number, EVT the event, ALT the alert, EMG the emergency (an SOS), UEX the serial data; then, when the device is
 * set up so (see SuntechOptions), hour meter and backup battery and the rest. `…;Res;<id>;…` is a command reply,
 * HTE a trip summary (only its driver is kept), ALV a keep-alive.
 */
export function decodeSuntechLegacy(
  model: string,
  type: string,
  f: readonly string[],
  options: SuntechOptions,
): DecodeResult {
  const uniqueId = f[1];
  if (!uniqueId) throw new Error('suntech report has no device id');
  if (type === 'ALV') return { messages: [], uniqueId };
  if (f[1] === 'Res' || type === 'CMD') {
    // `<model><command>;Res;<id>;…`: the reply to a command (CMD, or a setting such as NTW, RPT, ADP)
    if (f[1] !== 'Res' || !f[2]) return { messages: [] };
    const position = newPositionAt();
    position.attributes.type = type;
    position.attributes.result = f.slice(3).join(';');
    return { messages: [position], uniqueId: f[2] };
  }
  if (type === 'HTE') {
    const position = newPositionAt();
    const driver = f.at(-1);
    if (driver && f.length > 20) position.attributes.driverUniqueId = driver;
    return { messages: [position], uniqueId };
  }
  if (model === 'ST410') return { messages: [decodeSt410(type, f)], uniqueId };
  return { messages: [decodeReport(type, f, options)], uniqueId };
}

function decodeReport(type: string, f: readonly string[], options: SuntechOptions): DecodedPosition {
  let dateIndex = 2;
  while (dateIndex < 5 && !/^\d{8}$/.test(f[dateIndex] ?? '')) dateIndex++;
  if (dateIndex === 5) throw new Error('suntech report has no date');
  const position = newPositionAt(suntechTime(f[dateIndex], f[dateIndex + 1]));
  const a = position.attributes;
  a.type = type;
  a.versionFw = f[dateIndex - 1] ?? '';

  const c = new FieldCursor(f, dateIndex + 2);
  if (!isLatitude(f[c.index])) {
    const cell = c.next();
    if (!isLatitude(f[c.index])) {
      const [mcc, mnc, lac, rx] = [c.next(), c.next(), c.next(), c.next()];
      const tower = cellTowerInRange(
        int(mcc, 'mcc'),
        int(mnc, 'mnc'),
        hexInt(lac) ?? -1,
        hexInt(cell) ?? -1,
        -int(rx, 'rx level'),
      );
      position.network = networkOf([tower]);
    }
  }
  setLocation(position, double(c.next(), 'latitude'), double(c.next(), 'longitude'));
  position.speed = knotsFromKph(double(c.next(), 'speed'));
  position.course = double(c.next(), 'course');
  a.sat = int(c.next(), 'satellites');
  position.valid = c.next() === '1';
  a.odometer = int(c.next(), 'distance');
  a.power = double(c.next(), 'power');
  decodeIo(a, c.next() ?? '');

  switch (type) {
    case 'STT':
      a.status = int(c.next(), 'mode');
      a.index = int(c.next(), 'message number');
      break;
    case 'EVT':
      a.event = int(c.next(), 'event');
      break;
    case 'ALT':
      setAlert(a, parseJavaInt(c.next() ?? ''));
      break;
    case 'EMG':
      a.alarm = 'sos';
      c.next();
      break;
    case 'UEX': {
      c.next(); // data length
      const data = c.next();
      if (data !== undefined) decodeUexData(a, data);
      return position;
    }
    default:
      return position;
  }
  if (options.hbm && !c.done) decodeHourMeter(a, c, options);
  return position;
}

/** `ignition in1 in2 in3 out1 out2` as 0/1 characters; shorter I/O fields carry nothing Traccar reads. */
function decodeIo(a: PositionAttributes, io: string): void {
  if (io.length < 6) return;
  a.ignition = io[0] === '1';
  a.in1 = io[1] === '1';
  a.in2 = io[2] === '1';
  a.in3 = io[3] === '1';
  a.out1 = io[4] === '1';
  a.out2 = io[5] === '1';
}

/**
 * Hour meter (minutes), backup battery, message type, [3 analog inputs], [RPM], driver id, one more field,
 * [3 temperature sensors as `serial:value`].
 */
function decodeHourMeter(a: PositionAttributes, c: FieldCursor, options: SuntechOptions): void {
  const minutes = parseJavaInt(c.next() ?? '');
  if (minutes !== undefined) a.hours = minutes * 60000;
  const battery = parseJavaDouble(c.next() ?? '');
  if (battery !== undefined) a.battery = battery;
  c.next(); // message type
  if (options.includeAdc) {
    for (let i = 1; i <= 3; i++) {
      const adc = parseJavaDouble(c.next() ?? '');
      if (adc !== undefined) a[`adc${i}`] = adc;
    }
  }
  if (options.includeRpm) {
    const rpm = parseJavaInt(c.next() ?? '');
    if (rpm !== undefined) a.rpm = rpm;
  }
  const driver = c.next();
  if (driver) a.driverUniqueId = driver;
  c.next();
  if (options.includeTemp) {
    for (let i = 1; i <= 3; i++) {
      const sensor = c.next() ?? '';
      const value = parseJavaDouble(sensor.slice(sensor.indexOf(':') + 1));
      if (value !== undefined) a[`temp${i}`] = value;
    }
  }
}

/**
 * ST410: version, a cell count, the serving cell (cid, mcc, mnc, rx level, lac, …) and neighbour cells (cid, mcc,
 * mnc, lac, rx level, …) in groups of six, then backup battery, …, message number, mode, date, time, latitude,
 * longitude, speed, course, satellites, fix. Read from the end, so the number of neighbours does not matter.
 */
function decodeSt410(type: string, f: readonly string[]): DecodedPosition {
  const n = f.length;
  if (n < 22) throw new Error(`suntech ST410 report has ${n} fields`);
  const from = (back: number) => f[n - back];
  const position = newPositionAt(suntechTime(from(8), from(7)));
  const a = position.attributes;
  a.type = type;
  a.versionFw = f[2] ?? '';
  const towers = [
    cellTowerInRange(int(f[5], 'mcc'), int(f[6], 'mnc'), int(f[8], 'lac'), int(f[4], 'cid'), int(f[7], 'rx')),
  ];
  for (let i = 10; i + 6 <= n - 12; i += 6) {
    const [cid, mcc, mnc, lac, rx] = [f[i], f[i + 1], f[i + 2], f[i + 3], f[i + 4]].map((v) => parseJavaInt(v ?? ''));
    if ([cid, mcc, mnc, lac, rx].every((v) => v !== undefined)) {
      towers.push(cellTowerInRange(mcc as number, mnc as number, lac as number, cid as number, rx));
    }
  }
  position.network = networkOf(towers);
  a.battery = double(from(12), 'battery');
  a.index = int(from(10), 'message number');
  a.status = int(from(9), 'mode');
  setLocation(position, double(from(6), 'latitude'), double(from(5), 'longitude'));
  position.speed = knotsFromKph(double(from(4), 'speed'));
  position.course = double(from(3), 'course');
  a.sat = int(from(2), 'satellites');
  position.valid = from(1) === '1';
  return position;
}

/**
 * ST910 (personal tracker): `ST910;<Location|Alert|Emergency|Alive>;id;version;date;time;…` then latitude,
 * longitude, speed, course, fix — with a cell field before the latitude and the odometer after the fix when the
 * device runs protocol type 1 (told apart by the shape of the field).
 */
export function decodeSt910(f: readonly string[]): DecodeResult {
  const report = f[1];
  const uniqueId = f[2];
  if (!uniqueId) throw new Error('suntech ST910 report has no device id');
  if (report === 'Alive') return { messages: [], uniqueId };
  if (report !== 'Location' && report !== 'Alert' && report !== 'Emergency') return { messages: [], uniqueId };
  const position = newPositionAt(suntechTime(f[4], f[5]));
  const a = position.attributes;
  if (report !== 'Location') a.alarm = 'general';
  a.versionFw = f[3] ?? '';
  const typeOne = !isLatitude(f[6]);
  const c = new FieldCursor(f, typeOne ? 7 : 6);
  setLocation(position, double(c.next(), 'latitude'), double(c.next(), 'longitude'));
  position.speed = knotsFromKph(double(c.next(), 'speed'));
  position.course = double(c.next(), 'course');
  position.valid = c.next() === '1';
  if (typeOne) a.odometer = int(c.next(), 'odometer');
  return { messages: [position], uniqueId };
}
