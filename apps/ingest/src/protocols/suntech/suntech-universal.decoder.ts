import { cellTowerInRange, networkOf } from '../../codec/network';
import { newPositionAt, setLocation } from '../../codec/position-builder';
import { knotsFromKph, parseJavaInt } from '../../codec/units';
import type { DecodedPosition, DecodeResult } from '../protocol.types';
import { double, FieldCursor, hexInt, int, setAlert, suntechTime } from './suntech-common';
import { decodeUexData } from './suntech-uex';

const bit = (mask: number, n: number) => Math.floor(mask / 2 ** n) % 2 === 1;

/**
 * The universal reports, `<type>;<id>;<mask>;…` (STT, ALT, EMG, EVT, UEX), whose hex mask says which fields follow:
 * bits 0–17 model, version, message type (0 = stored), date, time, cell id (hex), mcc, mnc, lac (hex), rx level,
 * latitude, longitude, speed (km/h), course, satellites, fix, inputs, outputs (both as 0/1 digits, the last input
 * being the ignition); 18–20 per type (STT mode, reason, message number; ALT/EMG alert id, modifier, data; EVT
 * event; UEX length, data, checksum); 22 a reserved field; 23 an assign map (hex) telling which `ioN` values
 * follow — without it the rest are `assignN`. BLE (beacons) and ALV (keep-alive) have their own layouts; RES (a
 * command reply) becomes a result.
 */
export function decodeSuntechUniversal(type: string, f: readonly string[]): DecodeResult {
  const uniqueId = f[1];
  if (!uniqueId) throw new Error('suntech report has no device id');
  switch (type) {
    case 'ALV':
      return { messages: [], uniqueId };
    case 'BLE':
      return { messages: [decodeBeacons(f)], uniqueId };
    case 'STT':
    case 'ALT':
    case 'EMG':
    case 'EVT':
    case 'UEX':
      return { messages: [decodeMasked(type, f)], uniqueId };
    case 'RES': {
      // `RES;<id>;<command>;<values…>`: the reply to a universal command
      const position = newPositionAt();
      position.attributes.type = type;
      position.attributes.result = f.slice(2).join(';');
      return { messages: [position], uniqueId };
    }
    default:
      return { messages: [] }; // BSA, CRR, … not decoded
  }
}

function decodeMasked(type: string, f: readonly string[]): DecodedPosition {
  const maskText = f[2] ?? '';
  if (!/^[0-9A-Fa-f]{1,8}$/.test(maskText)) throw new Error(`suntech mask ${JSON.stringify(maskText)} is malformed`);
  const mask = Number.parseInt(maskText, 16);
  const c = new FieldCursor(f, 3);
  const take = (n: number) => (bit(mask, n) ? c.next() : undefined);

  const position = newPositionAt();
  const a = position.attributes;
  a.type = type;
  take(0); // model
  const version = take(1);
  if (version !== undefined) a.versionFw = version;
  if (take(2) === '0') a.archive = true;
  const date = take(3);
  const time = take(4);
  if (date !== undefined && time !== undefined) position.deviceTime = position.fixTime = suntechTime(date, time);
  const [cell, mcc, mnc, lac] = [take(5), take(6), take(7), take(8)];
  const rx = take(9);
  if (rx !== undefined) a.rssi = int(rx, 'rx level');
  if (cell !== undefined && mcc !== undefined && mnc !== undefined && lac !== undefined) {
    const mccValue = parseJavaInt(mcc);
    const mncValue = parseJavaInt(mnc);
    if (mccValue !== undefined && mncValue !== undefined) {
      position.network = networkOf([cellTowerInRange(mccValue, mncValue, hexInt(lac) ?? -1, hexInt(cell) ?? -1)]);
    }
  }
  const latitude = take(10);
  const longitude = take(11);
  if (latitude !== undefined && longitude !== undefined) {
    setLocation(position, double(latitude, 'latitude'), double(longitude, 'longitude'));
  }
  const speed = take(12);
  if (speed !== undefined) position.speed = knotsFromKph(double(speed, 'speed'));
  const course = take(13);
  if (course !== undefined) position.course = double(course, 'course');
  const sat = take(14);
  if (sat !== undefined) a.sat = int(sat, 'satellites');
  position.valid = take(15) === '1';
  const inputs = take(16);
  if (inputs !== undefined) {
    a.ignition = inputs.endsWith('1');
    a.input = int(inputs, 'inputs');
  }
  const outputs = take(17);
  if (outputs !== undefined) a.output = int(outputs, 'outputs');

  const [first, second, third] = [take(18), take(19), take(20)];
  if (type === 'STT') {
    if (first !== undefined) a.mode = int(first, 'mode');
    if (second !== undefined) a.reason = int(second, 'reason');
    if (third !== undefined) a.index = int(third, 'message number');
  } else if (type === 'ALT' || type === 'EMG') {
    if (type === 'EMG') a.alarm = 'sos';
    else setAlert(a, parseJavaInt(first ?? ''));
    if (second) a.alertModifier = second;
    if (third) a.alertData = third;
  } else if (type === 'EVT') {
    if (first !== undefined) a.event = int(first, 'event');
  } else if (type === 'UEX' && second !== undefined) {
    decodeUexData(a, second);
  }
  take(22);
  const assignMap = type !== 'UEX' ? take(23) : undefined;
  if (assignMap !== undefined) {
    const map = hexInt(assignMap) ?? 0;
    for (let n = 0; n < 32 && !c.done; n++) {
      if (!bit(map, n)) continue;
      const value = c.next();
      if (value) a[`io${n + 1}`] = value;
    }
  } else {
    for (let n = 1; !c.done; n++) {
      const value = c.next();
      if (value) a[`assign${n}`] = value;
    }
  }
  return position;
}

/** BLE: id, model, version, date, time, latitude, longitude, count, then per beacon rssi (and two more), id,
 * samples, major, minor. */
function decodeBeacons(f: readonly string[]): DecodedPosition {
  const position = newPositionAt(suntechTime(f[4], f[5]));
  const a = position.attributes;
  a.type = 'BLE';
  a.versionFw = f[3] ?? '';
  setLocation(position, double(f[6], 'latitude'), double(f[7], 'longitude'));
  position.valid = true;
  const count = int(f[8], 'beacon count');
  for (let i = 1, at = 9; i <= count && at + 7 <= f.length; i++, at += 7) {
    a[`tag${i}Rssi`] = int(f[at], 'beacon rssi');
    a[`tag${i}Id`] = f[at + 3] ?? '';
    a[`tag${i}Samples`] = int(f[at + 4], 'beacon samples');
    a[`tag${i}Major`] = int(f[at + 5], 'beacon major');
    a[`tag${i}Minor`] = int(f[at + 6], 'beacon minor');
  }
  return position;
}
