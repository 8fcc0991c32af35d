import { isoTimeOf } from '../../codec/dates';
import { cellTowerInRange, networkOf } from '../../codec/network';
import { markOutdated, newPosition, type PositionDraft, setAttribute, setLocation } from '../../codec/position-builder';
import { KNOTS_PER_KPH } from '../../codec/units';
import type { DecodeResult, Decoder } from '../protocol.types';
import { startekChecksumAt, startekFrameLength } from './startek.framer';

/**
 * iStartek trackers (VT100/VT200/VT300/PT60…), TCP. Device frames: `&&<packet no><length>,<IMEI>,<command>,<data>`
 * then a checksum (sum of the bytes, two hex digits) and CRLF. Command 000 and 010 are position reports (event,
 * time, fix, cell, status, inputs/outputs, voltages, OBD, RFID); every other command is the device's answer to a
 * server command (`type` = the command, `result` = its answer). The device expects no acknowledgement.
 */
export const decodeStartek: Decoder<Buffer> = (frame) => {
  // the framer hands on frames with their CRLF; a frame typed by hand may come without it
  const total = startekFrameLength(frame, 0, 0);
  if (total <= 0 || total > frame.length) throw new Error('truncated or malformed frame');
  if (!startekChecksumAt(frame, total - 2)) throw new Error('checksum mismatch');
  const text = frame.toString('latin1', 0, total - 2);
  const comma = text.indexOf(',');
  const imeiEnd = text.indexOf(',', comma + 1);
  const commandEnd = text.indexOf(',', imeiEnd + 1);
  if (imeiEnd < 0) throw new Error('no IMEI');
  const uniqueId = text.slice(comma + 1, imeiEnd);
  if (!/^\d{1,20}$/.test(uniqueId)) throw new Error(`bad IMEI: ${uniqueId}`);
  const command = commandEnd < 0 ? text.slice(imeiEnd + 1) : text.slice(imeiEnd + 1, commandEnd);
  const data = commandEnd < 0 ? '' : text.slice(commandEnd + 1);
  const result = (messages: PositionDraft[]): DecodeResult => ({ messages, uniqueId });
  if (command === '000' || command === '010') return result([decodeReport(data.split(','))]);
  const position = newPosition();
  markOutdated(position);
  setAttribute(position, 'type', command);
  setAttribute(position, 'result', data);
  return result([position]);
};

const int = (text: string | undefined, radix = 10): number | undefined => {
  if (text === undefined || text === '') return undefined;
  const valid = radix === 16 ? /^[0-9a-fA-F]{1,8}$/ : /^-?\d{1,12}$/;
  if (!valid.test(text)) throw new Error(`bad number: ${text}`);
  return Number.parseInt(text, radix);
};

const decimal = (text: string | undefined): number | undefined => {
  if (text === undefined || text === '') return undefined;
  if (!/^-?\d{1,10}(\.\d{1,10})?$/.test(text)) throw new Error(`bad number: ${text}`);
  return Number(text);
};

/**
 * event, event data, yyMMddHHmmss, A/V, latitude, longitude, satellites, HDOP, speed (km/h), course, altitude,
 * odometer (m), mcc|mnc|lac|cell (hex), CSQ, system status (hex), inputs (hex), outputs (hex), voltages
 * (hex, 1/100 V: external|battery|adc2|…), a reserved field, temperature and fuel fields, OBD, RFID.
 */
function decodeReport(f: string[]): PositionDraft {
  if (f.length < 18) throw new Error(`report too short: ${f.length} fields`);
  const position = newPosition();
  setAttribute(position, 'event', int(f[0]));
  const time = f[2] as string;
  if (!/^\d{12}$/.test(time)) throw new Error(`bad time: ${time}`);
  const n = (from: number) => Number(time.slice(from, from + 2));
  position.fixTime = isoTimeOf(n(0), n(2), n(4), n(6), n(8), n(10));
  position.deviceTime = position.fixTime;
  position.valid = f[3] === 'A';
  setLocation(position, decimal(f[4]) ?? Number.NaN, decimal(f[5]) ?? Number.NaN);
  setAttribute(position, 'sat', int(f[6]));
  setAttribute(position, 'hdop', decimal(f[7]));
  position.speed = (decimal(f[8]) ?? 0) * KNOTS_PER_KPH;
  const course = decimal(f[9]) ?? 0;
  position.course = course >= 0 && course <= 360 ? course : 0;
  position.altitude = decimal(f[10]) ?? 0;
  setAttribute(position, 'odometer', int(f[11]));

  const cell = (f[12] ?? '').split('|');
  const csq = int(f[13]);
  if (cell.length === 4) {
    const tower = cellTowerInRange(
      int(cell[0]) ?? -1,
      int(cell[1]) ?? -1,
      int(cell[2], 16) ?? -1,
      int(cell[3], 16) ?? -1,
      csq === undefined ? undefined : -csq,
    );
    position.network = networkOf([tower]);
  }
  setAttribute(position, 'status', int(f[14], 16));
  const input = int(f[15], 16);
  if (input !== undefined) {
    setAttribute(position, 'ignition', (input & 0x02) !== 0);
    setAttribute(position, 'door', (input & 0x04) !== 0);
    setAttribute(position, 'input', input);
  }
  setAttribute(position, 'output', int(f[16], 16));
  const voltages = (f[17] ?? '').split('|');
  voltages.forEach((value, i) => {
    const volts = (int(value, 16) ?? Number.NaN) / 100;
    setAttribute(position, i === 0 ? 'power' : i === 1 ? 'battery' : `adc${i}`, volts);
  });
  decodeObd(position, f[21]);
  if (f[22]) setAttribute(position, 'driverUniqueId', f[22]);
  return position;
}

/** rpm|engine load|…|intake pressure|intake temperature (+40)|throttle|coolant temperature (+40)|fuel rate (0.1). */
function decodeObd(position: PositionDraft, field: string | undefined): void {
  if (!field) return;
  const v = field.split('|');
  setAttribute(position, 'rpm', int(v[0]));
  setAttribute(position, 'engineLoad', int(v[1]));
  setAttribute(position, 'airPressure', int(v[3]));
  const airTemp = int(v[4]);
  if (airTemp !== undefined) setAttribute(position, 'airTemp', airTemp - 40);
  setAttribute(position, 'throttle', int(v[5]));
  const coolant = int(v[6]);
  if (coolant !== undefined) setAttribute(position, 'coolantTemp', coolant - 40);
  const fuel = int(v[7]);
  if (fuel !== undefined) setAttribute(position, 'fuelConsumption', fuel / 10);
}
